// kappa-expect: property=unreach-call verdict=false
// A run of case labels with nothing between them is one arm: the ten digit cases are one branch
// of the switch, so the character stays symbolic and the paths do not multiply by the cases.
// Four hex digits: three arms and the default (which ends the number) per character.
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);

static int hex_value(char c) {
  switch (c) {
  case '0': case '1': case '2': case '3': case '4':
  case '5': case '6': case '7': case '8': case '9':
    return c - '0';
  case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
    return c - 'a' + 10;
  case 'A': case 'B': case 'C': case 'D': case 'E': case 'F':
    return c - 'A' + 10;
  default:
    return -1;
  }
}

int main(void) {
  unsigned acc = 0;
  for (int i = 0; i < 4; i++) {
    int d = hex_value(__VERIFIER_nondet_char());
    if (d < 0)
      break;
    acc = acc * 16 + d;
  }
  if (acc == 0xBEEF)
    reach_error();
  return 0;
}
