#include <stdio.h>

/* Conway's game of life on a small torus: 2-D arrays, modular
   neighbour indices with negative offsets, double buffering. */

#define ROWS 10
#define COLS 12

static unsigned char grid[2][ROWS][COLS];

static int neighbours(int g, int r, int c)
{
    int dr, dc, n = 0;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++) {
            if (dr == 0 && dc == 0)
                continue;
            n += grid[g][(r + dr + ROWS) % ROWS][(c + dc + COLS) % COLS];
        }
    return n;
}

static int step(int g)
{
    int r, c, alive = 0;
    for (r = 0; r < ROWS; r++)
        for (c = 0; c < COLS; c++) {
            int n = neighbours(g, r, c);
            unsigned char next = (unsigned char)(n == 3 || (n == 2 && grid[g][r][c]));
            grid[1 - g][r][c] = next;
            alive += next;
        }
    return alive;
}

static void show(int g)
{
    int r, c;
    for (r = 0; r < ROWS; r++) {
        for (c = 0; c < COLS; c++)
            putchar(grid[g][r][c] ? '#' : '.');
        putchar('\n');
    }
}

int main(void)
{
    int g = 0, gen, alive = 0;
    unsigned int signature = 0;

    /* a glider and a blinker */
    grid[0][0][1] = 1;
    grid[0][1][2] = 1;
    grid[0][2][0] = grid[0][2][1] = grid[0][2][2] = 1;
    grid[0][6][8] = grid[0][6][9] = grid[0][6][10] = 1;
    show(g);
    for (gen = 1; gen <= 24; gen++) {
        alive = step(g);
        g = 1 - g;
        if (gen % 8 == 0) {
            int r, c;
            printf("generation %d: alive=%d\n", gen, alive);
            show(g);
            for (r = 0; r < ROWS; r++)
                for (c = 0; c < COLS; c++)
                    signature = signature * 3u + grid[g][r][c];
        }
    }
    printf("signature=%u\n", signature);
    return alive;
}
