//! Memory operations through pointers: loads, stores, copies, and predicates of the objects
//! a pointer may refer to.

use super::*;

impl<'p> Engine<'p> {
    // ---- memory ----

    pub(crate) fn load(&mut self, st: &mut State, p: &Pointer, ty: Ty) -> Result<SVal, String> {
        let pw = self.pw();
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        if cands.is_empty() {
            return Err("load through a pointer to no object".into());
        }
        let mut result: Option<SVal> = None;
        for (id, cond) in cands.into_iter().rev() {
            let obj = st.memory.get_mut(id).ok_or("dangling object id")?;
            let v = obj.load(&p.off, ty, pw);
            result = Some(match result {
                None => v,
                Some(other) => SVal::ite(&cond, &v, &other).ok_or("ill-typed load")?,
            });
        }
        result.ok_or_else(|| "load through a pointer to no object".into())
    }

    pub(crate) fn store(&mut self, st: &mut State, p: &Pointer, v: &SVal) -> Result<(), String> {
        let pw = self.pw();
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        if cands.is_empty() {
            return Err("store through a pointer to no object".into());
        }
        let single = cands.len() == 1;
        for (id, cond) in cands {
            let obj = st.memory.get_mut(id).ok_or("dangling object id")?;
            if single {
                obj.store(&p.off, v, pw);
            } else {
                // Write the new value where the pointer points, keep the old one elsewhere.
                let ty = match v {
                    SVal::Int(t) => Ty::Int(t.width()),
                    SVal::Ptr(_) => Ty::Ptr,
                    SVal::Bool(_) => Ty::Int(8),
                };
                let old = obj.load(&p.off, ty, pw);
                let nv = SVal::ite(&cond, v, &old).ok_or("ill-typed store")?;
                obj.store(&p.off, &nv, pw);
            }
        }
        Ok(())
    }

    pub(crate) fn memcopy(&mut self, st: &mut State, d: &Pointer, s: &Pointer, n: u64) -> Result<(), String> {
        let pw = self.pw();
        let sid = single_obj(self.heap.candidates(&st.memory, &s.obj)?)?;
        let did = single_obj(self.heap.candidates(&st.memory, &d.obj)?)?;
        // Pieces as wide as both offsets' alignment and the length allow (fields, words), all
        // read before any is written: the ranges may overlap (memmove semantics).
        let chunk = [8u64, 4, 2, 1]
            .into_iter()
            .find(|&c| n.is_multiple_of(c) && crate::memory::aligned(&s.off, c) && crate::memory::aligned(&d.off, c))
            .unwrap_or(1);
        let at = |p: &Pointer, k: u64| p.off.bvadd(&Term::bv(k, pw));
        let src = st.memory.get_mut(sid).ok_or("dangling object id")?;
        let pieces: Vec<(u64, Term, Term)> = (0..n / chunk)
            .map(|i| (i * chunk, src.data.read(&at(s, i * chunk), chunk), src.ptrs.read(&at(s, i * chunk), chunk)))
            .collect();
        let dst = st.memory.get_mut(did).ok_or("dangling object id")?;
        for (k, data, ptrs) in pieces {
            dst.data.write(&at(d, k), &data);
            dst.ptrs.write(&at(d, k), &ptrs);
        }
        Ok(())
    }

    /// A predicate of the object a pointer refers to: false for null and for ids of no object.
    pub(crate) fn over_objects(
        &self,
        st: &State,
        p: &Pointer,
        pred: impl Fn(&Object, &Term) -> Term,
    ) -> Result<Term, String> {
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        let mut parts = Vec::new();
        for (id, cond) in cands {
            if let Some(o) = st.memory.get(id) {
                parts.push(cond.and(&pred(o, &p.off)));
            }
        }
        Ok(Term::or_all(parts))
    }
}

fn single_obj(c: Vec<(u32, Term)>) -> Result<u32, String> {
    match c.as_slice() {
        [(id, _)] => Ok(*id),
        [] => Err("memory copy through a pointer to no object".into()),
        _ => Err("memory copy through a pointer to one of several objects".into()),
    }
}
