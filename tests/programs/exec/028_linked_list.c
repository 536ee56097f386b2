#include <stdio.h>
#include <stdlib.h>

/* A singly linked list on the heap: push, append, sorted insert,
   reverse, delete, merge sort, free. */

struct node {
    int value;
    struct node *next;
};

static int live_nodes;

static struct node *new_node(int v)
{
    struct node *n = malloc(sizeof *n);
    if (n == NULL)
        exit(1);
    n->value = v;
    n->next = NULL;
    live_nodes++;
    return n;
}

static void push(struct node **head, int v)
{
    struct node *n = new_node(v);
    n->next = *head;
    *head = n;
}

static void append(struct node **head, int v)
{
    while (*head)
        head = &(*head)->next;
    *head = new_node(v);
}

static void insert_sorted(struct node **head, int v)
{
    while (*head && (*head)->value < v)
        head = &(*head)->next;
    {
        struct node *n = new_node(v);
        n->next = *head;
        *head = n;
    }
}

static struct node *reverse(struct node *head)
{
    struct node *prev = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static int remove_value(struct node **head, int v)
{
    int removed = 0;
    while (*head) {
        if ((*head)->value == v) {
            struct node *dead = *head;
            *head = dead->next;
            free(dead);
            live_nodes--;
            removed++;
        } else {
            head = &(*head)->next;
        }
    }
    return removed;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node dummy;
    struct node *tail = &dummy;
    dummy.next = NULL;
    while (a && b) {
        if (a->value <= b->value) {
            tail->next = a;
            a = a->next;
        } else {
            tail->next = b;
            b = b->next;
        }
        tail = tail->next;
    }
    tail->next = a ? a : b;
    return dummy.next;
}

static struct node *merge_sort(struct node *head)
{
    struct node *slow, *fast, *second;
    if (head == NULL || head->next == NULL)
        return head;
    slow = head;
    fast = head->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    second = slow->next;
    slow->next = NULL;
    return merge(merge_sort(head), merge_sort(second));
}

static void print(const char *label, const struct node *n)
{
    printf("%s:", label);
    for (; n; n = n->next)
        printf(" %d", n->value);
    putchar('\n');
}

static void free_list(struct node *n)
{
    while (n) {
        struct node *next = n->next;
        free(n);
        live_nodes--;
        n = next;
    }
}

int main(void)
{
    struct node *list = NULL, *sorted = NULL;
    int i, removed;
    unsigned int seed = 12345;
    long long checksum = 0;
    struct node *n;

    for (i = 0; i < 6; i++)
        push(&list, i * i);
    for (i = 0; i < 4; i++)
        append(&list, -i);
    print("list", list);
    list = reverse(list);
    print("reversed", list);
    removed = remove_value(&list, 0);
    printf("removed %d zeros, live=%d\n", removed, live_nodes);
    print("after remove", list);

    for (i = 0; i < 15; i++) {
        seed = seed * 1664525u + 1013904223u;
        insert_sorted(&sorted, (int)(seed >> 24) - 128);
    }
    print("sorted", sorted);
    list = merge_sort(list);
    print("merge sorted", list);
    list = merge(list, sorted);
    sorted = NULL;
    print("merged", list);
    for (n = list, i = 1; n; n = n->next, i++)
        checksum += (long long)n->value * i;
    printf("checksum=%lld live=%d\n", checksum, live_nodes);
    free_list(list);
    printf("after free live=%d\n", live_nodes);
    return (int)(checksum & 0x7f);
}
