// kappa-expect-error: setjmp
// kappa-expect-pos: 17:17
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static void fail(int code);

int main(void)
{
    int attempts = 0;
    int result = 0;

    attempts++;
    {
        int rc = setjmp(env);
        if (rc == 0)
            fail(42);
        else
            result = rc;
    }
    printf("%d %d\n", attempts, result);
    return 0;
}

static void fail(int code)
{
    longjmp(env, code);
}
