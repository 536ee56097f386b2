// A checksum of six nondet bytes with a table-free CRC step and a branch per bit of the last
// byte: branching on bits of values that went through shifts and xors (hard queries).
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
    unsigned crc = 0xffffffffu;
    unsigned char last = 0;
    for (int i = 0; i < 6; i++) {
        unsigned char b = __VERIFIER_nondet_uchar();
        crc ^= b;
        for (int k = 0; k < 2; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        last = b;
    }
    int n = 0;
    for (int k = 0; k < 8; k++)
        if ((crc >> k) & 1u) n++;
    if (n > 8) reach_error();
    return last;
}
