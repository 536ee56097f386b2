#include <stdio.h>

/* String manipulation on char arrays: reversal, word reversal,
   palindromes, Caesar cipher, run-length encoding, case changes. */

static int slen(const char *s)
{
    int n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

static void reverse_range(char *s, int i, int j)
{
    while (i < j) {
        char t = s[i];
        s[i++] = s[j];
        s[j--] = t;
    }
}

static void reverse_words(char *s)
{
    int n = slen(s), start = 0, i;
    reverse_range(s, 0, n - 1);
    for (i = 0; i <= n; i++) {
        if (s[i] == ' ' || s[i] == '\0') {
            reverse_range(s, start, i - 1);
            start = i + 1;
        }
    }
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c + ('a' - 'A')) : c;
}

static int is_palindrome(const char *s)
{
    int i = 0, j = slen(s) - 1;
    while (i < j) {
        if (!is_alpha(s[i])) {
            i++;
            continue;
        }
        if (!is_alpha(s[j])) {
            j--;
            continue;
        }
        if (lower(s[i]) != lower(s[j]))
            return 0;
        i++;
        j--;
    }
    return 1;
}

static void caesar(char *s, int shift)
{
    for (; *s; s++) {
        if (*s >= 'a' && *s <= 'z')
            *s = (char)('a' + ((*s - 'a' + shift) % 26 + 26) % 26);
        else if (*s >= 'A' && *s <= 'Z')
            *s = (char)('A' + ((*s - 'A' + shift) % 26 + 26) % 26);
    }
}

static int rle(const char *in, char *out)
{
    int n = 0;
    while (*in) {
        char c = *in;
        int run = 0;
        while (*in == c && run < 9) {
            in++;
            run++;
        }
        out[n++] = (char)('0' + run);
        out[n++] = c;
    }
    out[n] = '\0';
    return n;
}

int main(void)
{
    char s1[] = "symbolic execution engine";
    char s2[] = "the quick brown fox";
    char s3[] = "Attack at Dawn, Zebra!";
    char buf[64];
    const char *pals[] = {"A man, a plan, a canal: Panama", "kappa", "Was it a car or a cat I saw?", "ab", ""};
    int i, total = 0;

    reverse_range(s1, 0, slen(s1) - 1);
    printf("reversed: %s\n", s1);
    reverse_words(s2);
    printf("words reversed: %s\n", s2);
    for (i = 0; i < 5; i++) {
        int p = is_palindrome(pals[i]);
        printf("\"%s\" palindrome=%d\n", pals[i], p);
        total += p;
    }
    caesar(s3, 3);
    printf("caesar+3: %s\n", s3);
    caesar(s3, -29);
    printf("caesar-29: %s\n", s3);
    caesar(s3, 26);
    printf("caesar+26: %s\n", s3);
    i = rle("aaabccddddddddddddxyyz", buf);
    printf("rle: %s (%d)\n", buf, i);
    total += i;
    for (i = 0; s3[i]; i++)
        s3[i] = (char)(is_alpha(s3[i]) ? s3[i] ^ 0x20 : s3[i]);
    printf("swapcase: %s\n", s3);
    return total;
}
