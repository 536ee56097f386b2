// A small tokenizer over six nondet characters: a class per character (digit, letter, space,
// other), tokens counted: 4^6 class sequences, one path each.
extern char __VERIFIER_nondet_char(void);
int main(void) {
    char s[6];
    for (int i = 0; i < 6; i++) s[i] = __VERIFIER_nondet_char();
    int tokens = 0, state = 0;
    for (int i = 0; i < 6; i++) {
        char c = s[i];
        int cls = (c >= '0' && c <= '9') ? 1 : ((c >= 'a' && c <= 'z') ? 2 : (c == ' ' ? 0 : 3));
        if (cls != state) { if (cls != 0) tokens++; state = cls; }
    }
    return tokens;
}
