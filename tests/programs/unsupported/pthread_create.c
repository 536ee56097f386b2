// kappa-expect-error: thread
// kappa-expect-pos: 18:5
#include <pthread.h>
#include <stdio.h>

static int counter;

static void *worker(void *arg)
{
    counter += *(int *)arg;
    return NULL;
}

int main(void)
{
    pthread_t t;
    int amount = 5;
    pthread_create(&t, NULL, worker, &amount);
    pthread_join(t, NULL);
    printf("%d\n", counter);
    return 0;
}
