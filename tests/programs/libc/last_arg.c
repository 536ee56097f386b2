/* Reads the last argument, argv[argc - 1], at an index that depends on the symbolic argc. */
extern void reach_error(void);

int main(int argc, char **argv) {
    if (argc > 1 && argv[argc - 1][0] == 'z' && argv[argc - 1][1] == 0)
        reach_error();
    return 0;
}
