// kappa-expect: verdict=false
// the error needs a fourth argument starting with 'z': the loop reads past the two arguments kappa materialises, so the answer is unknown, never true
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (i == 4 && argv[i][0] == 'z') reach_error();
  return 0;
}
