/* Found only through the include path of compile_commands.json (-I include). */
#ifndef CFG_H
#define CFG_H
#ifndef LIMIT
#error "LIMIT is not defined: read the flags from compile_commands.json"
#endif
int count_below(const char *s, int n, char c);
#endif
