/* Arrays of pointers copied by the C library: a vector of strings grown by realloc, copied by
   memcpy, its first element removed by memmove, sorted by qsort and searched by bsearch. The
   library copies bytes in loops; the pointers must survive as pointers, not as their bytes (a
   byte-wise copy used to leave dangling pointers: realloc's gave a false null dereference).
   One word comes from standard input, so that a symbolic string goes through the copies. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_string(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
    char word[2] = {0};
    int c = getchar();
    word[0] = c == EOF || c == 0 ? 'm' : (char)c;
    const char *fruit[4] = {"pear", word, "apple", "fig"};
    const char **v = NULL;
    for (int i = 0; i < 4; i++) {
        v = realloc(v, (size_t)(i + 1) * sizeof *v);
        v[i] = fruit[i];
    }
    assert(v[0][0] == 'p' && v[1] == word);
    const char *copy[4];
    memcpy(copy, v, sizeof copy);
    assert(copy[2][0] == 'a');
    memmove(v, v + 1, 3 * sizeof *v);
    assert(v[0] == word && v[2][0] == 'f');
    qsort(copy, 4, sizeof copy[0], by_string);
    for (int i = 0; i < 3; i++)
        assert(strcmp(copy[i], copy[i + 1]) <= 0);
    const char *key = "fig";
    const char **found = bsearch(&key, copy, 4, sizeof copy[0], by_string);
    assert(found != NULL && strcmp(*found, "fig") == 0);
    free(v);
    printf("%s %s %s %s\n", copy[0], copy[1], copy[2], copy[3]);
    return 0;
}
