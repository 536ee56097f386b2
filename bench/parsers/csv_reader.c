// kappa-expect: verdict=true
// RFC 4180 CSV reader (a state machine over quoted fields, doubled quotes, CR LF, fields into bounded buffers) over 8 nondet chars: field lengths and counts are consistent with the input
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "csv_reader.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define FIELD_MAX 4
#define MAX_FIELDS 6

enum csv_state { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED, AFTER_CR };
enum csv_err { CSV_OK = 0, CSV_ERR_QUOTE = -1, CSV_ERR_TOO_LONG = -2, CSV_ERR_TOO_MANY = -3 };

struct csv_field {
    char data[FIELD_MAX + 1];
    int len;
    int quoted;
};

struct csv_reader {
    enum csv_state state;
    struct csv_field fields[MAX_FIELDS];
    int nfields;
    int records;
    int truncated;
};

static int field_push(struct csv_reader *r, char c) {
    struct csv_field *f = &r->fields[r->nfields];
    if (f->len >= FIELD_MAX) {
        r->truncated++;
        return CSV_ERR_TOO_LONG;
    }
    f->data[f->len++] = c;
    f->data[f->len] = '\0';
    return CSV_OK;
}

static int field_end(struct csv_reader *r) {
    if (r->nfields + 1 >= MAX_FIELDS) {
        return CSV_ERR_TOO_MANY;
    }
    r->nfields++;
    r->fields[r->nfields].len = 0;
    r->fields[r->nfields].quoted = 0;
    r->fields[r->nfields].data[0] = '\0';
    return CSV_OK;
}

static int record_end(struct csv_reader *r) {
    int rc = field_end(r);
    r->records++;
    return rc;
}

int csv_feed(struct csv_reader *r, const char *s, int n) {
    int i, rc = CSV_OK;
    for (i = 0; i < n && rc != CSV_ERR_TOO_MANY; i++) {
        char c = s[i];
        switch (r->state) {
        case FIELD_START:
            if (c == '"') {
                r->fields[r->nfields].quoted = 1;
                r->state = QUOTED;
            } else if (c == ',') {
                rc = field_end(r);
            } else if (c == '\r') {
                r->state = AFTER_CR;
            } else if (c == '\n') {
                rc = record_end(r);
            } else {
                rc = field_push(r, c);
                r->state = UNQUOTED;
            }
            break;
        case UNQUOTED:
            if (c == ',') {
                rc = field_end(r);
                r->state = FIELD_START;
            } else if (c == '\r') {
                r->state = AFTER_CR;
            } else if (c == '\n') {
                rc = record_end(r);
                r->state = FIELD_START;
            } else {
                rc = field_push(r, c);
            }
            break;
        case QUOTED:
            if (c == '"') {
                r->state = QUOTE_IN_QUOTED;
            } else {
                rc = field_push(r, c);
            }
            break;
        case QUOTE_IN_QUOTED:
            if (c == '"') {
                rc = field_push(r, '"'); /* "" inside quotes */
                r->state = QUOTED;
            } else if (c == ',') {
                rc = field_end(r);
                r->state = FIELD_START;
            } else if (c == '\n') {
                rc = record_end(r);
                r->state = FIELD_START;
            } else if (c == '\r') {
                r->state = AFTER_CR;
            } else {
                return CSV_ERR_QUOTE; /* text after a closing quote */
            }
            break;
        case AFTER_CR:
            rc = record_end(r);
            r->state = FIELD_START;
            if (c != '\n') {
                i--; /* a lone CR ends the record; read c again */
            }
            break;
        }
    }
    if (r->state == QUOTED) {
        return CSV_ERR_QUOTE;
    }
    return rc == CSV_ERR_TOO_MANY ? rc : CSV_OK;
}

void csv_init(struct csv_reader *r) {
    r->state = FIELD_START;
    r->nfields = 0;
    r->records = 0;
    r->truncated = 0;
    r->fields[0].len = 0;
    r->fields[0].quoted = 0;
    r->fields[0].data[0] = '\0';
}

#define N 8
int main(void) {
    char s[N];
    struct csv_reader r;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    csv_init(&r);
    int rc = csv_feed(&r, s, N);
    int total = 0;
    for (int f = 0; f <= r.nfields; f++) {
        __VERIFIER_assert(r.fields[f].len >= 0 && r.fields[f].len <= FIELD_MAX);
        total += r.fields[f].len + (r.fields[f].quoted ? 2 : 0);
    }
    if (rc == CSV_OK) {
        /* every field but the last was ended by one separator char (CR LF counts once) */
        __VERIFIER_assert(total + r.nfields + r.truncated <= N + 1);
        __VERIFIER_assert(r.records <= r.nfields);
    }
    return 0;
}
