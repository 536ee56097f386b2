#include <stdio.h>

/* String literals are read-only char arrays: read through pointers,
   index literals directly, arrays initialised from literals, escapes. */

static int my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (int)(p - s);
}

static int my_strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static int count_vowels(const char *s)
{
    int n = 0;
    for (; *s; s++) {
        switch (*s | 0x20) {
        case 'a': case 'e': case 'i': case 'o': case 'u':
            n++;
        }
    }
    return n;
}

int main(void)
{
    const char *greeting = "Hello, kappa!";
    const char *words[] = {"pear", "apple", "fig", "banana", "Apple", ""};
    char copy[] = "mutable";
    const char *escapes = "a\tb\\c\"d\x41\101\0hidden";
    int i, j, total = 0;

    printf("%s len=%d vowels=%d\n", greeting, my_strlen(greeting), count_vowels(greeting));
    printf("\"abc\"[1]=%c *\"xyz\"=%c sizeof(\"hello\")=%d\n", "abc"[1], *"xyz", (int)sizeof("hello"));
    printf("concatenated: %s (%d)\n", "ab" "cd" "ef", (int)sizeof("ab" "cd" "ef"));
    printf("escapes len=%d sizeof=%d:", my_strlen(escapes), (int)sizeof("a\tb\\c\"d\x41\101\0hidden"));
    for (i = 0; escapes[i]; i++)
        printf(" %d", escapes[i]);
    putchar('\n');
    printf("after NUL: %s\n", escapes + 10);

    copy[0] = 'M';
    copy[6] = 'E';
    printf("copy=%s sizeof=%d\n", copy, (int)sizeof copy);

    /* sort the words (pointer swaps) */
    for (i = 0; i < 6; i++)
        for (j = i + 1; j < 6; j++)
            if (my_strcmp(words[i], words[j]) > 0) {
                const char *t = words[i];
                words[i] = words[j];
                words[j] = t;
            }
    for (i = 0; i < 6; i++) {
        printf("[%s]%d ", words[i], my_strlen(words[i]));
        total += my_strlen(words[i]) * (i + 1);
    }
    putchar('\n');
    printf("|%-8s|%8s|%.3s|%-6.2s|\n", "left", "right", "truncate", "xyz");
    {
        const char *digits = "0123456789abcdef";
        unsigned int v = 48879;
        char out[9];
        int k = 8;
        out[k] = '\0';
        do {
            out[--k] = digits[v % 16];
            v /= 16;
        } while (v);
        printf("hex via table: %s\n", out + k);
    }
    {
        /* high-bit characters are negative when char is signed */
        const char *latin = "\xe9t\xe9";
        printf("latin[0]=%d (unsigned char)latin[0]=%d\n", latin[0], (unsigned char)latin[0]);
        total += latin[0];
    }
    puts("done");
    printf("total=%d\n", total);
    return total & 0xff;
}
