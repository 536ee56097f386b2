// kappa-expect: property=termination verdict=true
// an unsigned char counter wraps to 0 after 256 iterations: no state repeats before the exit
int main(void) {
  unsigned char c = 0;
  while (1) {
    c++;
    if (c == 0) break;
  }
  return 0;
}
