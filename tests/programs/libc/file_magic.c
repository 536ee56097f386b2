/* Reads a file named on the command line and checks a 3-byte magic number: the error needs
   argv[1] == "A" and the file to start with "K1!". */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2)
        return 2;
    FILE *f = fopen(argv[1], "r");
    if (f == NULL)
        return 1;
    char magic[4] = {0};
    size_t n = fread(magic, 1, 3, f);
    fclose(f);
    if (n == 3 && strcmp(magic, "K1!") == 0) {
        int table[2] = {0, 0};
        return table[n]; /* out of bounds */
    }
    return 0;
}
