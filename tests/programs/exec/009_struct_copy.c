#include <stdio.h>

/* Struct assignment copies every member, including arrays and nested
   structs; the copies are independent. */

struct point { int x, y; };
struct rect { struct point tl, br; char label[8]; };
struct student { char name[12]; unsigned char grades[5]; short id; };

static int area(struct rect r)
{
    return (r.br.x - r.tl.x) * (r.br.y - r.tl.y);
}

static void copy_name(char *dst, const char *src)
{
    while ((*dst++ = *src++) != '\0')
        ;
}

static int total(const struct student *s)
{
    int t = 0, i;
    for (i = 0; i < 5; i++)
        t += s->grades[i];
    return t;
}

int main(void)
{
    struct rect a = {{1, 2}, {11, 7}, "first"};
    struct rect b;
    struct student cls[4];
    struct student tmp;
    const char *names[4] = {"carol", "alice", "dave", "bob"};
    int i, j;

    b = a;
    b.tl.x = 5;
    b.label[0] = 'F';
    printf("a: (%d,%d)-(%d,%d) %s area=%d\n", a.tl.x, a.tl.y, a.br.x, a.br.y, a.label, area(a));
    printf("b: (%d,%d)-(%d,%d) %s area=%d\n", b.tl.x, b.tl.y, b.br.x, b.br.y, b.label, area(b));

    {
        struct point p = a.br;
        p.y = -p.y;
        a.tl = p;
        printf("a.tl=(%d,%d) a.br=(%d,%d) area=%d\n", a.tl.x, a.tl.y, a.br.x, a.br.y, area(a));
    }

    for (i = 0; i < 4; i++) {
        for (j = 0; j < 12; j++)
            cls[i].name[j] = '\0';
        copy_name(cls[i].name, names[i]);
        for (j = 0; j < 5; j++)
            cls[i].grades[j] = (unsigned char)((i * 37 + j * 11) % 41 + 60);
        cls[i].id = (short)(1000 + i);
    }
    /* sort by total, descending, swapping whole structs */
    for (i = 0; i < 4; i++)
        for (j = 0; j + 1 < 4 - i; j++)
            if (total(&cls[j]) < total(&cls[j + 1])) {
                tmp = cls[j];
                cls[j] = cls[j + 1];
                cls[j + 1] = tmp;
            }
    for (i = 0; i < 4; i++)
        printf("%d: %-6s id=%d total=%d first=%u last=%u\n", i, cls[i].name,
               cls[i].id, total(&cls[i]), cls[i].grades[0], cls[i].grades[4]);

    /* modifying the temporary does not affect the array */
    tmp.grades[0] = 0;
    tmp.name[0] = 'X';
    printf("tmp=%s cls[3]=%s\n", tmp.name, cls[3].name);
    {
        struct student copy[2];
        copy[0] = cls[0];
        copy[1] = copy[0];
        copy[1].id++;
        printf("copy ids %d %d name %s\n", copy[0].id, copy[1].id, copy[1].name);
    }
    return area(b) % 256;
}
