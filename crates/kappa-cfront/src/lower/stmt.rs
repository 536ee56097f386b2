//! Statements and block-scope declarations.

use super::expr::{MemPlace, Value};
use super::{Lowerer, SwitchCtx, Sym};
use crate::diag::Result;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::Node;

impl<'a> Lowerer<'a> {
    pub(crate) fn statement(&mut self, s: &'a Node<Statement>) -> Result<()> {
        let sp = self.span(&s.span);
        match &s.node {
            Statement::Labeled(l) => {
                match &l.node.label.node {
                    Label::Identifier(id) => {
                        let name = id.node.name.clone();
                        if !self.fcx.labels_defined.insert(name.clone()) {
                            return Err(self.error(&id.span, format!("redefinition of label `{name}`")));
                        }
                        let loc = self.label_loc(&name);
                        // A loop made of `goto` has its head here: give it the label's position.
                        self.fcx.b.locs[loc.index()].span = sp;
                        self.fcx.b.mark_head(loc);
                        self.fcx.b.join(loc, sp);
                    }
                    Label::Case(_) | Label::CaseRange(_) => {
                        // `case 'a': case 'b': …` with nothing between: the labels share one
                        // location, so the dispatch forks once per target, not once per value
                        // (KLEE's switch lowering does the same). A run of digit cases then keeps
                        // the character symbolic instead of forking ten concrete paths.
                        let mut node = l;
                        let mut shared = None;
                        loop {
                            let (lo, hi) = match &node.node.label.node {
                                Label::CaseRange(r) => (self.const_int(&r.node.low)?, self.const_int(&r.node.high)?),
                                Label::Case(e) => {
                                    let v = self.const_int(e)?;
                                    (v, v)
                                }
                                _ => break,
                            };
                            shared = Some(self.case_label(lo, hi, &node.node.label.span, shared)?);
                            match &node.node.statement.node {
                                Statement::Labeled(inner)
                                    if matches!(inner.node.label.node, Label::Case(_) | Label::CaseRange(_)) =>
                                {
                                    node = inner
                                }
                                _ => break,
                            }
                        }
                        return self.statement(&node.node.statement);
                    }
                    Label::Default => {
                        let loc = self.fcx.b.fresh();
                        let Some(sw) = self.fcx.switches.last_mut() else {
                            return Err(self.error(&l.node.label.span, "`default` label not within a switch statement"));
                        };
                        if sw.default.is_some() {
                            return Err(self.error(&l.node.label.span, "multiple default labels in one switch"));
                        }
                        sw.default = Some(loc);
                        self.fcx.b.join(loc, sp);
                    }
                }
                self.statement(&l.node.statement)
            }
            Statement::Compound(items) => {
                self.push_scope();
                let r = items.iter().try_for_each(|i| self.block_item(i));
                self.pop_scope();
                r
            }
            Statement::Expression(Some(e)) => self.effect(e),
            Statement::Expression(None) => Ok(()),
            Statement::If(i) => {
                let (t, f, join) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
                self.cond_expr(&i.node.condition, t, f)?;
                self.fcx.b.cur = t;
                self.statement(&i.node.then_statement)?;
                self.fcx.b.join(join, sp);
                self.fcx.b.cur = f;
                if let Some(e) = &i.node.else_statement {
                    self.statement(e)?;
                }
                self.fcx.b.join(join, sp);
                Ok(())
            }
            Statement::Switch(sw) => self.switch(sw, sp),
            Statement::While(w) => {
                let head = self.fcx.b.new_loc(LocKind::Normal, sp);
                self.fcx.b.mark_head(head);
                self.fcx.b.join(head, sp);
                let (body, exit) = (self.fcx.b.fresh(), self.fcx.b.fresh());
                self.cond_expr(&w.node.expression, body, exit)?;
                self.fcx.b.cur = body;
                self.loop_body(&w.node.statement, exit, head)?;
                self.fcx.b.join(head, sp);
                self.fcx.b.cur = exit;
                Ok(())
            }
            Statement::DoWhile(d) => {
                let body = self.fcx.b.new_loc(LocKind::Normal, sp);
                self.fcx.b.mark_head(body);
                self.fcx.b.join(body, sp);
                let (cont, exit) = (self.fcx.b.fresh(), self.fcx.b.fresh());
                self.loop_body(&d.node.statement, exit, cont)?;
                self.fcx.b.join(cont, sp);
                self.cond_expr(&d.node.expression, body, exit)?;
                self.fcx.b.cur = exit;
                Ok(())
            }
            Statement::For(f) => {
                self.push_scope();
                let r = self.for_loop(f, sp);
                self.pop_scope();
                r
            }
            Statement::Goto(id) => {
                let loc = self.label_loc(&id.node.name);
                self.fcx.label_uses.push((id.node.name.clone(), id.span));
                self.fcx.b.jump(loc, sp);
                Ok(())
            }
            Statement::Continue => {
                let Some(&t) = self.fcx.continues.last() else {
                    return Err(self.error(&s.span, "`continue` statement not within a loop"));
                };
                self.fcx.b.jump(t, sp);
                Ok(())
            }
            Statement::Break => {
                let Some(&t) = self.fcx.breaks.last() else {
                    return Err(self.error(&s.span, "`break` statement not within a loop or switch"));
                };
                self.fcx.b.jump(t, sp);
                Ok(())
            }
            Statement::Return(e) => self.return_stmt(e.as_deref(), &s.span),
            Statement::Asm(_) => Err(self.unsupported(&s.span, "inline assembly")),
        }
    }

    fn loop_body(&mut self, body: &'a Node<Statement>, brk: Loc, cont: Loc) -> Result<()> {
        self.fcx.breaks.push(brk);
        self.fcx.continues.push(cont);
        let r = self.statement(body);
        self.fcx.breaks.pop();
        self.fcx.continues.pop();
        r
    }

    fn for_loop(&mut self, f: &'a Node<ForStatement>, sp: Span) -> Result<()> {
        match &f.node.initializer.node {
            ForInitializer::Empty => {}
            ForInitializer::Expression(e) => self.effect(e)?,
            ForInitializer::Declaration(d) => self.local_declaration(d)?,
            ForInitializer::StaticAssert(sa) => self.static_assert(sa)?,
        }
        let head = self.fcx.b.new_loc(LocKind::Normal, sp);
        self.fcx.b.mark_head(head);
        self.fcx.b.join(head, sp);
        let (body, step, exit) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
        match &f.node.condition {
            Some(c) => self.cond_expr(c, body, exit)?,
            None => self.fcx.b.join(body, sp),
        }
        self.fcx.b.cur = body;
        self.loop_body(&f.node.statement, exit, step)?;
        self.fcx.b.join(step, sp);
        if let Some(st) = &f.node.step {
            self.effect(st)?;
        }
        self.fcx.b.join(head, sp);
        self.fcx.b.cur = exit;
        Ok(())
    }

    fn label_loc(&mut self, name: &str) -> Loc {
        if let Some(l) = self.fcx.labels.get(name) {
            return *l;
        }
        let l = self.fcx.b.fresh();
        self.fcx.labels.insert(name.to_string(), l);
        l
    }

    /// Records a case label; `shared` is the location of the label just before it when nothing
    /// lies between them. Returns the label's location.
    fn case_label(&mut self, lo: i128, hi: i128, span: &lang_c::span::Span, shared: Option<Loc>) -> Result<Loc> {
        let sp = self.span(span);
        let loc = match shared {
            Some(l) => l,
            None => self.fcx.b.new_loc(LocKind::Normal, sp),
        };
        let Some(sw) = self.fcx.switches.last_mut() else {
            return Err(self.error(span, "`case` label not within a switch statement"));
        };
        // Case values are compared after conversion to the promoted controlling type.
        let w = match &sw.ty {
            CType::Int { rank, .. } => self.dm.int_bits(*rank),
            _ => 64,
        };
        let norm = |v: i128| -> i128 {
            let m = if w >= 64 { u64::MAX as i128 } else { (1i128 << w) - 1 };
            v & m
        };
        if sw.cases.iter().any(|(l, h, _)| norm(lo) <= norm(*h) && norm(*l) <= norm(hi)) {
            return Err(self.error(span, format!("duplicate case value {lo}")));
        }
        sw.cases.push((lo, hi, loc));
        if shared.is_none() {
            self.fcx.b.join(loc, sp);
        }
        Ok(loc)
    }

    fn switch(&mut self, sw: &'a Node<SwitchStatement>, sp: Span) -> Result<()> {
        let (x, t) = self.scalar(&sw.node.expression)?;
        if !t.is_integer() {
            return Err(self.error(&sw.node.expression.span, "switch on a value that is not an integer"));
        }
        let pt = self.promote(&t);
        let x = self.convert(x, &t, &pt);
        let x = self.materialize(x, &pt, sp);
        let dispatch = self.fcx.b.cur;
        let exit = self.fcx.b.fresh();
        self.fcx.b.cur = self.fcx.b.fresh(); // code before the first label is unreachable
        self.fcx.switches.push(SwitchCtx { value: x, ty: pt.clone(), cases: Vec::new(), default: None });
        self.fcx.breaks.push(exit);
        let r = self.statement(&sw.node.statement);
        self.fcx.breaks.pop();
        let ctx = self.fcx.switches.pop();
        r?;
        self.fcx.b.join(exit, sp);
        let Some(ctx) = ctx else { return Ok(()) };
        // One edge per target from the dispatch location, its guard the disjunction of the
        // target's cases, and one for "no case matched".
        let w = self.int_bits(&ctx.ty);
        let signed = ctx.ty.is_signed();
        let saved = self.fcx.b.cur;
        self.fcx.b.cur = dispatch;
        let mut none = Expr::Bool(true);
        let mut targets: Vec<(Loc, Vec<(i128, i128)>)> = Vec::new();
        for (lo, hi, loc) in &ctx.cases {
            match targets.iter_mut().find(|(l, _)| l == loc) {
                Some((_, vs)) => vs.push((*lo, *hi)),
                None => targets.push((*loc, vec![(*lo, *hi)])),
            }
        }
        for (loc, mut values) in targets {
            // Adjacent values become one range ('0' … '9' is `'0' <= c <= '9'`), where signed
            // and unsigned order agree: values from 0 below the sign bit.
            let below_sign = |v: i128| 0 <= v && (w >= 128 || v < 1i128 << (w - 1));
            if values.iter().all(|&(lo, hi)| below_sign(lo) && below_sign(hi)) {
                values.retain(|&(lo, hi)| lo <= hi);
                values.sort_unstable();
                let mut merged: Vec<(i128, i128)> = Vec::new();
                for (lo, hi) in values {
                    match merged.last_mut() {
                        Some(last) if lo <= last.1 + 1 => last.1 = last.1.max(hi),
                        _ => merged.push((lo, hi)),
                    }
                }
                values = merged;
            }
            let mut guard = Expr::Bool(false);
            for (lo, hi) in values {
                let c = if lo == hi {
                    Expr::bin(BinOp::Eq, ctx.value.clone(), Expr::int(lo, w))
                } else {
                    let (ge, le) = if signed { (BinOp::Sge, BinOp::Sle) } else { (BinOp::Uge, BinOp::Ule) };
                    Expr::bin(ge, ctx.value.clone(), Expr::int(lo, w)).and(Expr::bin(
                        le,
                        ctx.value.clone(),
                        Expr::int(hi, w),
                    ))
                };
                let c = super::expr::fold_or(c);
                none = none.and(c.clone().negate());
                guard = guard.or(c);
            }
            if guard != Expr::Bool(false) {
                self.fcx.b.edge_to(loc, Op::Assume(guard), sp);
            }
        }
        let target = ctx.default.unwrap_or(exit);
        let none = super::expr::fold_or(none);
        match none {
            Expr::Bool(false) => {}
            Expr::Bool(true) => self.fcx.b.edge_to(target, Op::Skip, sp),
            c => self.fcx.b.edge_to(target, Op::Assume(c), sp),
        }
        self.fcx.b.cur = saved;
        Ok(())
    }

    fn return_stmt(&mut self, e: Option<&'a Node<Expression>>, span: &lang_c::span::Span) -> Result<()> {
        let sp = self.span(span);
        let exit = self.fcx.b.exit;
        let ret_ty = self.fcx.ret_ty.clone();
        match e {
            Some(e) => {
                let v = self.expr(e)?;
                match v {
                    Value::Agg(src) => {
                        let Some(sret) = self.fcx.sret else {
                            return Err(self.error(span, "returning a struct from a function that does not return one"));
                        };
                        if !self.same_type(&src.ty, &ret_ty) {
                            return Err(self.error(span, "returned struct has the wrong type"));
                        }
                        let dst = MemPlace {
                            bits: None,
                            addr: Expr::Var(sret),
                            ty: ret_ty,
                            base: None,
                            checks: Vec::new(),
                            root: None,
                            span: *span,
                        };
                        self.copy_aggregate(&dst, &src, sp);
                        self.fcx.b.edge_to(exit, Op::Return(None), sp);
                    }
                    Value::Scalar(x, t) => {
                        if ret_ty == CType::Void {
                            self.main_returns(sp)?;
                            self.fcx.b.edge_to(exit, Op::Return(None), sp);
                        } else {
                            let mut x = self.assign_convert(x, &t, &ret_ty, &e.span)?;
                            if self.fcx.name == "main" && !self.atexit_handlers.is_empty() {
                                // The value is main's before the handlers run.
                                x = self.materialize(x, &ret_ty, sp);
                            }
                            self.main_returns(sp)?;
                            self.fcx.b.edge_to(exit, Op::Return(Some(x)), sp);
                        }
                    }
                    Value::Void => {
                        self.main_returns(sp)?;
                        self.fcx.b.edge_to(exit, Op::Return(None), sp)
                    }
                }
            }
            None => {
                if let Some(r) = self.fcx.b.ret {
                    let name = self.fcx.name.clone();
                    self.fcx.b.step(
                        Op::Nondet { dst: r, origin: NondetOrigin::Uninit { var: format!("return value of {name}") } },
                        sp,
                    );
                }
                self.main_returns(sp)?;
                self.fcx.b.edge_to(exit, Op::Return(None), sp);
            }
        }
        self.fcx.b.cur = self.fcx.b.fresh();
        Ok(())
    }

    pub(crate) fn block_item(&mut self, item: &'a Node<BlockItem>) -> Result<()> {
        match &item.node {
            BlockItem::Declaration(d) => self.local_declaration(d),
            BlockItem::StaticAssert(sa) => self.static_assert(sa),
            BlockItem::Statement(s) => self.statement(s),
        }
    }

    pub(crate) fn local_declaration(&mut self, d: &'a Node<Declaration>) -> Result<()> {
        let (base, storage) = self.base_type(&d.node.specifiers, &d.span)?;
        for id in &d.node.declarators {
            let is_object = !storage.typedef && !storage.is_extern && !storage.is_static;
            let decl = self.declarator(base.clone(), &id.node.declarator, is_object)?;
            let Some((name, nspan)) = decl.name.clone() else { continue };
            let sp = self.span(&nspan);
            if storage.typedef {
                self.note_aligned_typedef(&name, &decl.ty, &id.node.declarator, &d.node.specifiers)?;
                self.declare(name, Sym::Typedef(decl.ty));
                continue;
            }
            if let CType::Function(ft) = &decl.ty {
                let i = self.register_function_public(name.clone(), ft.clone(), &nspan)?;
                self.declare(name, Sym::Func(i));
                continue;
            }
            if storage.is_extern {
                let i = self.extern_global(name.clone(), decl.ty, nspan)?;
                self.declare(name, Sym::Global(i));
                continue;
            }
            if storage.is_static {
                let fname = self.fcx.name.clone();
                let taken = self.fcx.addr_taken.contains(&name);
                let sym = self.define_static(
                    &format!("{fname}.{name}"),
                    decl.ty,
                    id.node.initializer.as_ref(),
                    &nspan,
                    taken,
                    None,
                )?;
                self.declare(name, sym);
                continue;
            }
            if let CType::Float(_) = decl.ty {
                return Err(self.unsupported(&nspan, format!("floating-point variable `{name}`")));
            }
            let init = id.node.initializer.as_ref();
            let func = self.fcx.b.func;
            if decl.ty.is_scalar() && !self.fcx.addr_taken.contains(&name) {
                let var = self.new_var(&name, decl.ty.clone(), VarKind::Local(func), sp);
                self.declare(name.clone(), Sym::Reg { var, ty: decl.ty.clone() });
                match init {
                    None if matches!(decl.ty, CType::Int { rank: IntRank::Bool, .. }) => {
                        let raw = self.temp(CType::Int { rank: IntRank::Char, signed: false });
                        self.fcx.b.step(Op::Nondet { dst: raw, origin: NondetOrigin::Uninit { var: name } }, sp);
                        let b = self.normalize_bool(raw, &decl.ty, sp);
                        self.fcx.b.step(Op::Assign { dst: var, value: b }, sp);
                    }
                    None => self.fcx.b.step(Op::Nondet { dst: var, origin: NondetOrigin::Uninit { var: name } }, sp),
                    Some(init) => {
                        let (x, t) = self.scalar_initializer(init)?;
                        let x = self.assign_convert(x, &t, &decl.ty, &init.span)?;
                        self.fcx.b.step(Op::Assign { dst: var, value: x }, sp);
                    }
                }
                continue;
            }
            // An object in memory: allocated here, each time the declaration is reached.
            let (ty, leaves) = match init {
                Some(init) => {
                    let (t, l) = self.init_leaves(&decl.ty, init)?;
                    (t, Some(l))
                }
                None => (decl.ty.clone(), None),
            };
            let Some(size_e) = self.size_expr(&ty) else {
                return Err(self.error(&nspan, format!("variable `{name}` has incomplete type `{}`", self.ty_str(&ty))));
            };
            let size = self.size_of(&ty);
            let obj = self.new_slot(&name, ty.clone(), size, sp);
            let alloc_init = if leaves.is_some() { AllocInit::Zero } else { AllocInit::Nondet };
            // The span ends where the declaration does: replay inserts the contents there.
            let decl_sp = Span { end: d.span.end as u32, ..sp };
            self.fcx.b.step(
                Op::Alloc { target: AllocTarget::Slot(obj), region: Region::Stack, size: size_e, init: alloc_init },
                decl_sp,
            );
            self.declare(name, Sym::Obj { obj, ty: ty.clone() });
            if let Some(leaves) = leaves {
                self.store_leaves(obj, leaves)?;
            }
        }
        Ok(())
    }

    /// The value of a scalar's initialiser (`= e` or `= { e }`).
    pub(crate) fn scalar_initializer(&mut self, init: &'a Node<Initializer>) -> Result<(Expr, CType)> {
        match &init.node {
            Initializer::Expression(e) => self.scalar(e),
            Initializer::List(items) => match items.first() {
                Some(item) => self.scalar_initializer(&item.node.initializer),
                None => Ok((Expr::int(0, 32), CType::INT)),
            },
        }
    }

    pub(crate) fn register_function_public(
        &mut self,
        name: String,
        ft: std::sync::Arc<FuncType>,
        span: &lang_c::span::Span,
    ) -> Result<usize> {
        self.register_function(name, ft, None, span, false)
    }
}
