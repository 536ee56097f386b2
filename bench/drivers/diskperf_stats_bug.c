// kappa-expect: verdict=false
// diskperf_stats_bug: a disk performance filter driver (after the WDK's diskperf): counters per request, a WMI query, a completion routine for reads and writes. Property: the queue depth never goes negative and is zero when all requests are done; every request is completed once. Bug: the queue depth is counted up only while the counters are enabled, but always counted down.
// failing-input: 0 0 0 0 0 0 0 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "diskperf_stats_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_BUFFER_TOO_SMALL (-1073741789)

#define IRP_MJ_CREATE 0
#define IRP_MJ_READ 3
#define IRP_MJ_WRITE 4
#define IRP_MJ_FLUSH_BUFFERS 9
#define IRP_MJ_DEVICE_CONTROL 14
#define IRP_MJ_SYSTEM_CONTROL 23

#define IOCTL_DISK_PERFORMANCE 0x070020
#define IOCTL_DISK_PERFORMANCE_OFF 0x070060

#define NO_COMPLETION 0
#define COMPLETION_IO 1

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    unsigned int Length;
    unsigned int ByteOffset;
    unsigned int IoControlCode;
    unsigned int OutputBufferLength;
    int CompletionRoutine;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int CompleteCount;
    IO_STACK_LOCATION Stack[2];
    int SystemBuffer[10];
} IRP;

typedef struct _DISK_PERFORMANCE {
    unsigned int BytesRead;
    unsigned int BytesWritten;
    unsigned int ReadTime;
    unsigned int WriteTime;
    unsigned int IdleTime;
    unsigned int ReadCount;
    unsigned int WriteCount;
    unsigned int SplitCount;
    unsigned int QueueDepthSnapshot;
} DISK_PERFORMANCE;

typedef struct _DEVICE_EXTENSION {
    int QueueDepth;
    int CountersEnabled;
    int EnableCount;
    unsigned int LastIoTime;
    unsigned int Clock;
    DISK_PERFORMANCE Counters;
    unsigned int SizeBuckets[4];
    int WmiRegistered;
    int DiskNumber;
} DEVICE_EXTENSION;

typedef struct _DEVICE_OBJECT {
    DEVICE_EXTENSION *DeviceExtension;
    struct _DEVICE_OBJECT *TargetDevice;
} DEVICE_OBJECT;

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->CompleteCount != 0) {
        reach_error();
        abort();
    }
    Irp->CompleteCount = 1;
}

unsigned int KeQueryPerformanceCounter(DEVICE_EXTENSION *ext)
{
    unsigned int step = __VERIFIER_nondet_uint() % 100;
    ext->Clock = ext->Clock + step;
    return ext->Clock;
}

void DiskPerfBucket(DEVICE_EXTENSION *ext, unsigned int length)
{
    unsigned int b = 0;
    unsigned int limit = 512;
    while (b < 3 && length > limit) {
        b++;
        limit = limit * 8;
    }
    ext->SizeBuckets[b]++;
}

int DiskPerfIoCompletion(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpSp = &Irp->Stack[0];
    unsigned int now;
    unsigned int elapsed;
    ext->QueueDepth--;
    if (ext->QueueDepth < 0) {
        reach_error();
        abort();
    }
    if (ext->CountersEnabled) {
        now = KeQueryPerformanceCounter(ext);
        elapsed = now - ext->LastIoTime;
        if (irpSp->MajorFunction == IRP_MJ_READ) {
            ext->Counters.BytesRead += Irp->Information;
            ext->Counters.ReadCount++;
            ext->Counters.ReadTime += elapsed;
        } else {
            ext->Counters.BytesWritten += Irp->Information;
            ext->Counters.WriteCount++;
            ext->Counters.WriteTime += elapsed;
        }
        if (Irp->Information < irpSp->Length) {
            ext->Counters.SplitCount++;
        }
        if (ext->QueueDepth == 0) {
            ext->LastIoTime = now;
        }
    }
    return STATUS_SUCCESS;
}

/* The disk below: it transfers part or all of the request and completes it. */
int IoCallDriver(DEVICE_OBJECT *Target, IRP *Irp)
{
    int ok = __VERIFIER_nondet_int();
    unsigned int done = __VERIFIER_nondet_uint();
    if (ok) {
        Irp->Status = STATUS_SUCCESS;
        Irp->Information = done > Irp->Stack[0].Length ? Irp->Stack[0].Length : done;
    } else {
        Irp->Status = STATUS_UNSUCCESSFUL;
        Irp->Information = 0;
    }
    if (Irp->Stack[1].CompletionRoutine == COMPLETION_IO) {
        DiskPerfIoCompletion(Target, Irp);
    }
    IoCompleteRequest(Irp);
    return Irp->Status;
}

void IoCopyCurrentIrpStackLocationToNext(IRP *Irp)
{
    Irp->Stack[1] = Irp->Stack[0];
    Irp->Stack[1].CompletionRoutine = NO_COMPLETION;
}

int DiskPerfSendToNextDriver(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    IoCopyCurrentIrpStackLocationToNext(Irp);
    return IoCallDriver(DeviceObject->TargetDevice, Irp);
}

int DiskPerfReadWrite(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    unsigned int now;
    if (ext->CountersEnabled) {
        ext->QueueDepth++;
        now = KeQueryPerformanceCounter(ext);
        if (ext->QueueDepth == 1) {
            ext->Counters.IdleTime += now - ext->LastIoTime;
        }
        ext->LastIoTime = now;
        DiskPerfBucket(ext, Irp->Stack[0].Length);
    }
    IoCopyCurrentIrpStackLocationToNext(Irp);
    Irp->Stack[1].CompletionRoutine = COMPLETION_IO;
    return IoCallDriver(DeviceObject->TargetDevice, Irp);
}

int DiskPerfDeviceControl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpSp = &Irp->Stack[0];
    switch (irpSp->IoControlCode) {
    case IOCTL_DISK_PERFORMANCE:
        if (irpSp->OutputBufferLength < 9) {
            Irp->Status = STATUS_BUFFER_TOO_SMALL;
            Irp->Information = 0;
            IoCompleteRequest(Irp);
            return STATUS_BUFFER_TOO_SMALL;
        }
        if (!ext->CountersEnabled) {
            ext->CountersEnabled = 1;
            ext->EnableCount++;
            ext->LastIoTime = KeQueryPerformanceCounter(ext);
        }
        ext->Counters.QueueDepthSnapshot = (unsigned int)ext->QueueDepth;
        Irp->SystemBuffer[0] = (int)ext->Counters.BytesRead;
        Irp->SystemBuffer[1] = (int)ext->Counters.BytesWritten;
        Irp->SystemBuffer[2] = (int)ext->Counters.ReadTime;
        Irp->SystemBuffer[3] = (int)ext->Counters.WriteTime;
        Irp->SystemBuffer[4] = (int)ext->Counters.IdleTime;
        Irp->SystemBuffer[5] = (int)ext->Counters.ReadCount;
        Irp->SystemBuffer[6] = (int)ext->Counters.WriteCount;
        Irp->SystemBuffer[7] = (int)ext->Counters.SplitCount;
        Irp->SystemBuffer[8] = (int)ext->Counters.QueueDepthSnapshot;
        Irp->Status = STATUS_SUCCESS;
        Irp->Information = 9;
        IoCompleteRequest(Irp);
        return STATUS_SUCCESS;
    case IOCTL_DISK_PERFORMANCE_OFF:
        if (ext->EnableCount > 0) {
            ext->EnableCount--;
            if (ext->EnableCount == 0) {
                ext->CountersEnabled = 0;
            }
        }
        Irp->Status = STATUS_SUCCESS;
        Irp->Information = 0;
        IoCompleteRequest(Irp);
        return STATUS_SUCCESS;
    default:
        return DiskPerfSendToNextDriver(DeviceObject, Irp);
    }
}

/* WMI: the counters as a data block, copied word by word. */
int DiskPerfWmi(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    unsigned int *src = &ext->Counters.BytesRead;
    unsigned int i;
    if (!ext->WmiRegistered) {
        return DiskPerfSendToNextDriver(DeviceObject, Irp);
    }
    if (Irp->Stack[0].OutputBufferLength < 10) {
        Irp->Status = STATUS_BUFFER_TOO_SMALL;
        IoCompleteRequest(Irp);
        return STATUS_BUFFER_TOO_SMALL;
    }
    for (i = 0; i < 9; i++) {
        Irp->SystemBuffer[i] = (int)src[i];
    }
    Irp->SystemBuffer[9] = ext->DiskNumber;
    Irp->Status = STATUS_SUCCESS;
    Irp->Information = 10;
    IoCompleteRequest(Irp);
    return STATUS_SUCCESS;
}

int DiskPerfDispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    switch (Irp->Stack[0].MajorFunction) {
    case IRP_MJ_READ:
    case IRP_MJ_WRITE:
        return DiskPerfReadWrite(DeviceObject, Irp);
    case IRP_MJ_DEVICE_CONTROL:
        return DiskPerfDeviceControl(DeviceObject, Irp);
    case IRP_MJ_SYSTEM_CONTROL:
        return DiskPerfWmi(DeviceObject, Irp);
    default:
        return DiskPerfSendToNextDriver(DeviceObject, Irp);
    }
}

int MajorCodes[6] = {IRP_MJ_READ, IRP_MJ_WRITE, IRP_MJ_DEVICE_CONTROL, IRP_MJ_SYSTEM_CONTROL, IRP_MJ_FLUSH_BUFFERS,
                     IRP_MJ_CREATE};
unsigned int IoctlCodes[3] = {IOCTL_DISK_PERFORMANCE, IOCTL_DISK_PERFORMANCE_OFF, 0x070000};

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

int main(void)
{
    DEVICE_EXTENSION extension;
    DEVICE_OBJECT filter, disk;
    IRP irp;
    int k;
    int i;
    filter.DeviceExtension = &extension;
    filter.TargetDevice = &disk;
    disk.DeviceExtension = &extension;
    disk.TargetDevice = 0;
    extension.QueueDepth = 0;
    extension.CountersEnabled = 0;
    extension.EnableCount = 0;
    extension.LastIoTime = 0;
    extension.Clock = 0;
    extension.Counters.BytesRead = 0;
    extension.Counters.BytesWritten = 0;
    extension.Counters.ReadTime = 0;
    extension.Counters.WriteTime = 0;
    extension.Counters.IdleTime = 0;
    extension.Counters.ReadCount = 0;
    extension.Counters.WriteCount = 0;
    extension.Counters.SplitCount = 0;
    extension.Counters.QueueDepthSnapshot = 0;
    for (i = 0; i < 4; i++) {
        extension.SizeBuckets[i] = 0;
    }
    extension.WmiRegistered = __VERIFIER_nondet_int() != 0;
    extension.DiskNumber = __VERIFIER_nondet_int();

    for (k = 0; k < 3; k++) {
        irp.Status = 0;
        irp.Information = 0;
        irp.CompleteCount = 0;
        irp.Stack[0].MajorFunction = MajorCodes[choose(6)];
        irp.Stack[0].Length = __VERIFIER_nondet_uint();
        irp.Stack[0].ByteOffset = __VERIFIER_nondet_uint();
        irp.Stack[0].IoControlCode = IoctlCodes[choose(3)];
        irp.Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
        irp.Stack[0].CompletionRoutine = NO_COMPLETION;
        irp.Stack[1].CompletionRoutine = NO_COMPLETION;
        DiskPerfDispatch(&filter, &irp);
        __VERIFIER_assert(irp.CompleteCount == 1);
    }
    __VERIFIER_assert(extension.QueueDepth == 0);
    return 0;
}
