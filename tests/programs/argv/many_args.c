// kappa-expect: verdict=false
// the error needs more than three arguments, whose contents are never read: argc is unbounded
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  if (argc > 4) reach_error();
  return 0;
}
