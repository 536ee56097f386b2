// kappa-expect: verdict=true
// serial_cancel: a serial port driver (after the WDK's serial sample): read requests wait in a queue with a cancel routine, the interrupt service routine fills a ring buffer and completes the current read, the I/O manager may cancel a request at any time; line control, baud rate and modem status ioctls. Property (the SDV cancel rules): the cancel spin lock is acquired and released in turn; a request is completed exactly once, whether by the ISR, by a timeout or by its cancel routine, and never with its cancel routine still set.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "serial_cancel.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_CANCELLED (-1073741536)
#define STATUS_TIMEOUT 258
#define STATUS_INVALID_PARAMETER (-1073741811)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_BUFFER_TOO_SMALL (-1073741789)

#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_READ 3
#define IRP_MJ_WRITE 4
#define IRP_MJ_DEVICE_CONTROL 14

#define IOCTL_SERIAL_SET_BAUD_RATE 0x1b0004
#define IOCTL_SERIAL_GET_BAUD_RATE 0x1b0050
#define IOCTL_SERIAL_SET_LINE_CONTROL 0x1b000c
#define IOCTL_SERIAL_GET_MODEMSTATUS 0x1b0068
#define IOCTL_SERIAL_PURGE 0x1b004c

#define NO_CANCEL 0
#define CANCEL_CURRENT_READ 1
#define CANCEL_QUEUED_READ 2

#define READ_QUEUE 2
#define RING 8
#define NUM_IRPS 2
#define BUF 4

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    unsigned int Length;
    unsigned int IoControlCode;
    unsigned int InputBufferLength;
    unsigned int OutputBufferLength;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int CancelRoutine;
    int Cancel;
    int CompleteCount;
    int MarkedPending;
    IO_STACK_LOCATION Stack[1];
    int SystemBuffer[BUF];
} IRP;

typedef struct _SERIAL_LINE_CONTROL {
    int StopBits;
    int Parity;
    int WordLength;
} SERIAL_LINE_CONTROL;

typedef struct _SERIAL_PERF_STATS {
    unsigned int ReceivedCount;
    unsigned int TransmittedCount;
    unsigned int FrameErrorCount;
    unsigned int SerialOverrunErrorCount;
    unsigned int BufferOverrunErrorCount;
    unsigned int ParityErrorCount;
} SERIAL_PERF_STATS;

typedef struct _SERIAL_DEVICE_EXTENSION {
    IRP *CurrentReadIrp;
    IRP *ReadQueue[READ_QUEUE];
    int ReadQueueCount;
    int Ring[RING];
    int RingHead;
    int RingCount;
    unsigned int CurrentBaud;
    unsigned int ClockRate;
    unsigned int Divisor;
    SERIAL_LINE_CONTROL LineControl;
    int LineControlRegister;
    int ModemStatus;
    int OpenCount;
    SERIAL_PERF_STATS PerfStats;
    int Trace[8];
    int TraceCount;
} SERIAL_DEVICE_EXTENSION;

typedef struct _DEVICE_OBJECT {
    SERIAL_DEVICE_EXTENSION *DeviceExtension;
} DEVICE_OBJECT;

/* The cancel spin lock of the I/O manager: one for the whole system. */
int CancelSpinLock;

void IoAcquireCancelSpinLock(void)
{
    if (CancelSpinLock) {
        reach_error();
        abort();
    }
    CancelSpinLock = 1;
}

void IoReleaseCancelSpinLock(void)
{
    if (!CancelSpinLock) {
        reach_error();
        abort();
    }
    CancelSpinLock = 0;
}

int IoSetCancelRoutine(IRP *Irp, int routine)
{
    int old = Irp->CancelRoutine;
    Irp->CancelRoutine = routine;
    return old;
}

void IoMarkIrpPending(IRP *Irp)
{
    Irp->MarkedPending = 1;
}

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->CompleteCount != 0 || Irp->CancelRoutine != NO_CANCEL) {
        reach_error();
        abort();
    }
    Irp->CompleteCount = 1;
}

void SerialTrace(SERIAL_DEVICE_EXTENSION *ext, int code)
{
    ext->Trace[ext->TraceCount & 7] = code;
    ext->TraceCount++;
}

int SerialComplete(IRP *Irp, int status, unsigned int information)
{
    Irp->Status = status;
    Irp->Information = information;
    IoCompleteRequest(Irp);
    return status;
}

/* ---- reads: the current one, a queue behind it, both cancellable ---- */

void SerialStartNextRead(SERIAL_DEVICE_EXTENSION *ext)
{
    int i;
    IRP *next;
    if (ext->ReadQueueCount == 0) {
        ext->CurrentReadIrp = 0;
        return;
    }
    next = ext->ReadQueue[0];
    for (i = 0; i + 1 < ext->ReadQueueCount; i++) {
        ext->ReadQueue[i] = ext->ReadQueue[i + 1];
    }
    ext->ReadQueueCount--;
    ext->ReadQueue[ext->ReadQueueCount] = 0;
    IoSetCancelRoutine(next, CANCEL_CURRENT_READ);
    ext->CurrentReadIrp = next;
}

/* Cancel routines: called with the cancel spin lock held; they release it. */
void SerialCancelCurrentRead(SERIAL_DEVICE_EXTENSION *ext, IRP *Irp)
{
    ext->CurrentReadIrp = 0;
    SerialStartNextRead(ext);
    IoReleaseCancelSpinLock();
    SerialComplete(Irp, STATUS_CANCELLED, 0);
}

void SerialCancelQueuedRead(SERIAL_DEVICE_EXTENSION *ext, IRP *Irp)
{
    int i;
    int j = 0;
    for (i = 0; i < ext->ReadQueueCount; i++) {
        if (ext->ReadQueue[i] != Irp) {
            ext->ReadQueue[j] = ext->ReadQueue[i];
            j++;
        }
    }
    for (i = j; i < ext->ReadQueueCount; i++) {
        ext->ReadQueue[i] = 0;
    }
    ext->ReadQueueCount = j;
    IoReleaseCancelSpinLock();
    SerialComplete(Irp, STATUS_CANCELLED, 0);
}

/* The I/O manager cancels a request: with the cancel spin lock, takes its cancel routine. */
void IoCancelIrp(SERIAL_DEVICE_EXTENSION *ext, IRP *Irp)
{
    int routine;
    IoAcquireCancelSpinLock();
    Irp->Cancel = 1;
    routine = IoSetCancelRoutine(Irp, NO_CANCEL);
    if (routine == CANCEL_CURRENT_READ) {
        SerialCancelCurrentRead(ext, Irp);
    } else if (routine == CANCEL_QUEUED_READ) {
        SerialCancelQueuedRead(ext, Irp);
    } else {
        IoReleaseCancelSpinLock();
    }
}

/* Copy what the ring holds into the read buffer. */
unsigned int SerialCopyFromRing(SERIAL_DEVICE_EXTENSION *ext, IRP *Irp)
{
    unsigned int n = 0;
    unsigned int want = Irp->Stack[0].Length;
    while (n < want && ext->RingCount > 0) {
        Irp->SystemBuffer[n] = ext->Ring[ext->RingHead];
        ext->RingHead = (ext->RingHead + 1) % RING;
        ext->RingCount--;
        n++;
    }
    return n;
}

int SerialRead(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    SERIAL_DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    unsigned int n;
    if (Irp->Stack[0].Length == 0 || Irp->Stack[0].Length > BUF) {
        return SerialComplete(Irp, STATUS_INVALID_PARAMETER, 0);
    }
    IoAcquireCancelSpinLock();
    if (ext->CurrentReadIrp == 0 && ext->RingCount >= (int)Irp->Stack[0].Length) {
        IoReleaseCancelSpinLock();
        n = SerialCopyFromRing(ext, Irp);
        return SerialComplete(Irp, STATUS_SUCCESS, n);
    }
    if (ext->CurrentReadIrp == 0) {
        IoSetCancelRoutine(Irp, CANCEL_CURRENT_READ);
        ext->CurrentReadIrp = Irp;
    } else if (ext->ReadQueueCount < READ_QUEUE) {
        IoSetCancelRoutine(Irp, CANCEL_QUEUED_READ);
        ext->ReadQueue[ext->ReadQueueCount] = Irp;
        ext->ReadQueueCount++;
    } else {
        IoReleaseCancelSpinLock();
        return SerialComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
    IoMarkIrpPending(Irp);
    IoReleaseCancelSpinLock();
    return STATUS_PENDING;
}

/* The interrupt service routine and its DPC: received bytes go to the ring; when the current
 * read can be satisfied it is completed, unless it is being cancelled. */
void SerialIsrDpc(SERIAL_DEVICE_EXTENSION *ext)
{
    int received = __VERIFIER_nondet_int();
    int lsr;
    int i;
    IRP *Irp;
    unsigned int n;
    if (received < 0 || received > 3) {
        received = 0;
    }
    for (i = 0; i < received; i++) {
        lsr = __VERIFIER_nondet_int();
        if (lsr & 2) {
            ext->PerfStats.SerialOverrunErrorCount++;
        }
        if (lsr & 4) {
            ext->PerfStats.ParityErrorCount++;
        }
        if (lsr & 8) {
            ext->PerfStats.FrameErrorCount++;
        }
        if (ext->RingCount == RING) {
            ext->PerfStats.BufferOverrunErrorCount++;
        } else {
            ext->Ring[(ext->RingHead + ext->RingCount) % RING] = lsr >> 8;
            ext->RingCount++;
            ext->PerfStats.ReceivedCount++;
        }
    }
    IoAcquireCancelSpinLock();
    Irp = ext->CurrentReadIrp;
    if (Irp == 0 || ext->RingCount < (int)Irp->Stack[0].Length) {
        IoReleaseCancelSpinLock();
        return;
    }
    if (IoSetCancelRoutine(Irp, NO_CANCEL) == NO_CANCEL) {
        /* The cancel routine owns it now. */
        IoReleaseCancelSpinLock();
        return;
    }
    SerialStartNextRead(ext);
    IoReleaseCancelSpinLock();
    n = SerialCopyFromRing(ext, Irp);
    SerialComplete(Irp, STATUS_SUCCESS, n);
}

/* The read interval timer: the current read ends with what has arrived. */
void SerialReadTimeout(SERIAL_DEVICE_EXTENSION *ext)
{
    IRP *Irp;
    unsigned int n;
    IoAcquireCancelSpinLock();
    Irp = ext->CurrentReadIrp;
    if (Irp == 0) {
        IoReleaseCancelSpinLock();
        return;
    }
    if (IoSetCancelRoutine(Irp, NO_CANCEL) == NO_CANCEL) {
        IoReleaseCancelSpinLock();
        return;
    }
    SerialStartNextRead(ext);
    IoReleaseCancelSpinLock();
    n = SerialCopyFromRing(ext, Irp);
    SerialComplete(Irp, STATUS_TIMEOUT, n);
}

/* ---- writes, ioctls: completed at once ---- */

int SerialWrite(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    SERIAL_DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    unsigned int i;
    unsigned int n = Irp->Stack[0].Length > BUF ? BUF : Irp->Stack[0].Length;
    int parity = 0;
    for (i = 0; i < n; i++) {
        int b = Irp->SystemBuffer[i];
        int k;
        for (k = 0; k < ext->LineControl.WordLength; k++) {
            parity ^= (b >> k) & 1;
        }
    }
    if (ext->LineControl.Parity == 1 && parity) {
        SerialTrace(ext, 7);
    }
    ext->PerfStats.TransmittedCount += n;
    return SerialComplete(Irp, STATUS_SUCCESS, n);
}

int SerialSetBaud(SERIAL_DEVICE_EXTENSION *ext, unsigned int baud)
{
    unsigned int divisor;
    unsigned int actual;
    unsigned int err;
    if (baud == 0 || baud > ext->ClockRate / 16) {
        return STATUS_INVALID_PARAMETER;
    }
    divisor = ext->ClockRate / (16 * baud);
    if (divisor == 0) {
        return STATUS_INVALID_PARAMETER;
    }
    actual = ext->ClockRate / (16 * divisor);
    err = actual > baud ? actual - baud : baud - actual;
    if (err * 100 > baud * 3) {
        return STATUS_INVALID_PARAMETER;
    }
    ext->Divisor = divisor;
    ext->CurrentBaud = baud;
    return STATUS_SUCCESS;
}

int SerialIoctl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    SERIAL_DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *stack = &Irp->Stack[0];
    int status;
    int lcr;
    switch (stack->IoControlCode) {
    case IOCTL_SERIAL_SET_BAUD_RATE:
        if (stack->InputBufferLength < 1) {
            return SerialComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        status = SerialSetBaud(ext, (unsigned int)Irp->SystemBuffer[0]);
        return SerialComplete(Irp, status, 0);
    case IOCTL_SERIAL_GET_BAUD_RATE:
        if (stack->OutputBufferLength < 1) {
            return SerialComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        Irp->SystemBuffer[0] = (int)ext->CurrentBaud;
        return SerialComplete(Irp, STATUS_SUCCESS, 1);
    case IOCTL_SERIAL_SET_LINE_CONTROL:
        if (stack->InputBufferLength < 3) {
            return SerialComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        if (Irp->SystemBuffer[2] < 5 || Irp->SystemBuffer[2] > 8) {
            return SerialComplete(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        if (Irp->SystemBuffer[0] < 0 || Irp->SystemBuffer[0] > 2) {
            return SerialComplete(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        if (Irp->SystemBuffer[1] < 0 || Irp->SystemBuffer[1] > 4) {
            return SerialComplete(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        ext->LineControl.StopBits = Irp->SystemBuffer[0];
        ext->LineControl.Parity = Irp->SystemBuffer[1];
        ext->LineControl.WordLength = Irp->SystemBuffer[2];
        lcr = (ext->LineControl.WordLength - 5) | (ext->LineControl.StopBits ? 4 : 0);
        if (ext->LineControl.Parity) {
            lcr |= 8 | ((ext->LineControl.Parity - 1) << 4);
        }
        ext->LineControlRegister = lcr;
        return SerialComplete(Irp, STATUS_SUCCESS, 0);
    case IOCTL_SERIAL_GET_MODEMSTATUS:
        if (stack->OutputBufferLength < 1) {
            return SerialComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        ext->ModemStatus = __VERIFIER_nondet_int() & 0xf0;
        Irp->SystemBuffer[0] = ext->ModemStatus;
        return SerialComplete(Irp, STATUS_SUCCESS, 1);
    case IOCTL_SERIAL_PURGE:
        ext->RingHead = 0;
        ext->RingCount = 0;
        return SerialComplete(Irp, STATUS_SUCCESS, 0);
    default:
        return SerialComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

int SerialDispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    SERIAL_DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    SerialTrace(ext, Irp->Stack[0].MajorFunction);
    switch (Irp->Stack[0].MajorFunction) {
    case IRP_MJ_CREATE:
        ext->OpenCount++;
        return SerialComplete(Irp, STATUS_SUCCESS, 0);
    case IRP_MJ_CLOSE:
        ext->OpenCount--;
        return SerialComplete(Irp, STATUS_SUCCESS, 0);
    case IRP_MJ_READ:
        return SerialRead(DeviceObject, Irp);
    case IRP_MJ_WRITE:
        return SerialWrite(DeviceObject, Irp);
    case IRP_MJ_DEVICE_CONTROL:
        return SerialIoctl(DeviceObject, Irp);
    default:
        return SerialComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

/* ---- the harness ---- */

int MajorCodes[5] = {IRP_MJ_READ, IRP_MJ_WRITE, IRP_MJ_DEVICE_CONTROL, IRP_MJ_CREATE, IRP_MJ_CLOSE};
unsigned int IoctlCodes[6] = {IOCTL_SERIAL_SET_BAUD_RATE, IOCTL_SERIAL_GET_BAUD_RATE, IOCTL_SERIAL_SET_LINE_CONTROL,
                              IOCTL_SERIAL_GET_MODEMSTATUS, IOCTL_SERIAL_PURGE, 0x1b0100};

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

void SerialInitExtension(SERIAL_DEVICE_EXTENSION *ext)
{
    int i;
    ext->CurrentReadIrp = 0;
    for (i = 0; i < READ_QUEUE; i++) {
        ext->ReadQueue[i] = 0;
    }
    ext->ReadQueueCount = 0;
    for (i = 0; i < RING; i++) {
        ext->Ring[i] = 0;
    }
    ext->RingHead = 0;
    ext->RingCount = 0;
    ext->ClockRate = 1843200;
    ext->CurrentBaud = 9600;
    ext->Divisor = 12;
    ext->LineControl.StopBits = 0;
    ext->LineControl.Parity = 0;
    ext->LineControl.WordLength = 8;
    ext->LineControlRegister = 3;
    ext->ModemStatus = 0;
    ext->OpenCount = 0;
    ext->PerfStats.ReceivedCount = 0;
    ext->PerfStats.TransmittedCount = 0;
    ext->PerfStats.FrameErrorCount = 0;
    ext->PerfStats.SerialOverrunErrorCount = 0;
    ext->PerfStats.BufferOverrunErrorCount = 0;
    ext->PerfStats.ParityErrorCount = 0;
    ext->TraceCount = 0;
}

void MakeIrp(IRP *Irp)
{
    int i;
    Irp->Status = 0;
    Irp->Information = 0;
    Irp->CancelRoutine = NO_CANCEL;
    Irp->Cancel = 0;
    Irp->CompleteCount = 0;
    Irp->MarkedPending = 0;
    Irp->Stack[0].MajorFunction = MajorCodes[choose(5)];
    Irp->Stack[0].Length = __VERIFIER_nondet_uint();
    Irp->Stack[0].IoControlCode = IoctlCodes[choose(6)];
    Irp->Stack[0].InputBufferLength = __VERIFIER_nondet_uint();
    Irp->Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
    for (i = 0; i < BUF; i++) {
        Irp->SystemBuffer[i] = __VERIFIER_nondet_int();
    }
}

/* Requests arrive; between them interrupts, timeouts and cancellations happen in any order.
 * At the end the application closes the port: every read still pending is cancelled. */
int main(void)
{
    SERIAL_DEVICE_EXTENSION extension;
    DEVICE_OBJECT device;
    IRP irps[NUM_IRPS];
    int k;
    int e;
    int sent = 0;
    device.DeviceExtension = &extension;
    CancelSpinLock = 0;
    SerialInitExtension(&extension);
    for (k = 0; k < 2 * NUM_IRPS; k++) {
        e = choose(4);
        if (e == 0 && sent < NUM_IRPS) {
            MakeIrp(&irps[sent]);
            SerialDispatch(&device, &irps[sent]);
            sent++;
        } else if (e == 1) {
            SerialIsrDpc(&extension);
        } else if (e == 2) {
            SerialReadTimeout(&extension);
        } else if (e == 3 && sent > 0) {
            IoCancelIrp(&extension, &irps[choose(sent)]);
        }
    }
    for (k = 0; k < sent; k++) {
        if (irps[k].CompleteCount == 0) {
            IoCancelIrp(&extension, &irps[k]);
        }
    }
    __VERIFIER_assert(CancelSpinLock == 0);
    for (k = 0; k < sent; k++) {
        __VERIFIER_assert(irps[k].CompleteCount == 1);
    }
    return 0;
}
