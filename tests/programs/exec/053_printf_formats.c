#include <stdio.h>

/* The integer printf conversions supported by the interpreter, with
   flags, width, precision, '*' and length modifiers. */

int main(void)
{
    int n = 0;
    int w;
    signed char sc = -5;
    unsigned char uc = 250;
    short s = -1234;
    unsigned short us = 54321;
    long l = -123456789L;
    unsigned long ul = 3000000000UL;
    long long ll = -1234567890123LL;
    unsigned long long ull = 18446744073709551615ULL;
    size_t z = sizeof(long long);

    n += printf("[%d] [%i] [%u] [%x] [%X] [%o] [%c] [%s] [%%]\n", 42, -42, 42u, 255u, 255u, 8u, 'k', "str");
    n += printf("[%5d] [%-5d] [%05d] [%+d] [%+d] [% d] [% d]\n", 42, 42, 42, 42, -42, 42, -42);
    n += printf("[%#x] [%#X] [%#o] [%#x] [%#o]\n", 255u, 255u, 8u, 0u, 0u);
    n += printf("[%.3d] [%.0d] [%5.3d] [%-7.4d] [%.3x] [%08.3d]\n", 7, 0, -7, 12, 10u, 5);
    n += printf("[%hhd] [%hhu] [%hhx] [%hd] [%hu] [%hx]\n", 300, -1, 0x1FF, 70000, -1, 0x12345);
    n += printf("[%hhd] [%hhu] [%hd] [%hu]\n", sc, uc, s, us);
    n += printf("[%ld] [%lu] [%lx] [%lld] [%llu] [%llx] [%llo] [%zu] [%zx]\n", l, ul, ul, ll, ull, ull, ull, z, z);
    w = 8;
    n += printf("[%*d] [%-*d] [%.*d] [%*.*d] [%*d]\n", w, 1, w, 2, 4, 3, 6, 3, -4, -6, 5);
    n += printf("[%10s] [%-10s] [%.2s] [%.*s] [%5c] [%-3c]\n", "right", "left", "truncate", 3, "precision", 'x', 'y');
    n += printf("[%s] [%5s] [%.0s]\n", "", "", "gone");
    n += printf("[%d] [%d] [%u] [%x]\n", -2147483647 - 1, 2147483647, 4294967295u, 0x80000000u);
    n += printf("[%lld] [%llu] [%+lld]\n", -9223372036854775807LL - 1, 9223372036854775808ULL, 0LL);
    n += printf("[%+5d] [%-+5d] [%+05d] [% 05d] [%-05d]\n", 3, 3, -3, 3, 3);
    n += printf("[%#5x] [%#-8o] [%#010x] [%x] [%X]\n", 26u, 26u, 26u, 3735928559u, 3735928559u);
    n += printf("[%c%c%c] [%d]\n", 'a' + 1, 0x41, 0x263A & 0x7F, 'z' - 'a');
    n += printf("no conversions\n");
    printf("total characters printed before this line: %d\n", n);
    n = printf("%s", "");
    printf("empty printf returned %d\n", n);
    puts("puts adds a newline");
    putchar('o');
    putchar('k');
    putchar('\n');
    return putchar('!') == '!' ? 7 : 8;
}
