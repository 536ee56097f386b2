#include <stdio.h>
#include <stdlib.h>

/* exit() called from deep inside a recursion terminates the program
   immediately with the given status. */

static int visited;

static void search(int depth, unsigned int path)
{
    visited++;
    if (depth == 6) {
        if ((path * 2654435761u) >> 28 == 13) {
            printf("found path %u after %d nodes\n", path, visited);
            exit(3);
        }
        return;
    }
    search(depth + 1, path * 2);
    search(depth + 1, path * 2 + 1);
}

int main(void)
{
    search(0, 1);
    printf("not found after %d nodes\n", visited);
    return 0;
}
