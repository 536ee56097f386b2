// kappa-expect: verdict=false
// floppy_queue_bug: a floppy disk driver with a request queue and a worker thread (after the WDK's flpydisk). Property: the queue spin lock is acquired and released in turn and free at the end; a request is queued with STATUS_PENDING returned only if marked pending, and every request is completed once. Bug: REMOVE_DEVICE on an empty queue takes a shortcut that leaves the queue lock held.
// failing-input: 0 1 1 0 0 0 0 0 0 4 1 0 0 0 0 0 0 0 0 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "floppy_queue_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_INVALID_PARAMETER (-1073741811)
#define STATUS_INSUFFICIENT_RESOURCES (-1073741670)
#define STATUS_DELETE_PENDING (-1073741738)
#define STATUS_NO_MEDIA_IN_DEVICE (-1073741493)
#define STATUS_DEVICE_NOT_READY (-1073741661)

#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_READ 3
#define IRP_MJ_WRITE 4
#define IRP_MJ_DEVICE_CONTROL 14
#define IRP_MJ_PNP 27

#define IRP_MN_START_DEVICE 0
#define IRP_MN_REMOVE_DEVICE 2
#define IRP_MN_STOP_DEVICE 4

#define IOCTL_DISK_GET_MEDIA_TYPES 0x070c00
#define IOCTL_DISK_FORMAT_TRACKS 0x07c018
#define IOCTL_DISK_CHECK_VERIFY 0x074800
#define IOCTL_DISK_GET_DRIVE_GEOMETRY 0x070000

#define QUEUE_SIZE 4
#define SECTOR_SIZE 4
#define MEDIA_TYPES 5

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    int MinorFunction;
    unsigned int Length;
    unsigned int ByteOffset;
    unsigned int IoControlCode;
    unsigned int OutputBufferLength;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int PendingMarked;
    int CompleteCount;
    int Queued;
    IO_STACK_LOCATION Stack[1];
    int SystemBuffer[8];
} IRP;

typedef struct _FLOPPY_CONFIG {
    int MaxRetries;
    int StepRate;
    int HeadSettle;
    int MotorOffDelay;
    int DataRate;
    int VerifyWrites;
    int Tracks;
    int Heads;
    int SectorsPerTrack;
} FLOPPY_CONFIG;

typedef struct _FLOPPY_STATS {
    unsigned int Reads;
    unsigned int Writes;
    unsigned int Ioctls;
    unsigned int Errors;
    unsigned int BytesRead;
    unsigned int BytesWritten;
    unsigned int SizeHistogram[4];
} FLOPPY_STATS;

typedef struct _DEVICE_EXTENSION {
    int QueueLock;
    IRP *Queue[QUEUE_SIZE];
    int QueueHead;
    int QueueCount;
    int Started;
    int RemovePending;
    int MediaPresent;
    int MediaType;
    int MotorOn;
    int Disk[16];
    FLOPPY_CONFIG Config;
    FLOPPY_STATS Stats;
} DEVICE_EXTENSION;

typedef struct _DEVICE_OBJECT {
    DEVICE_EXTENSION *DeviceExtension;
    int Flags;
} DEVICE_OBJECT;

int MediaTable[MEDIA_TYPES] = {360, 720, 1200, 1440, 2880};
int DebugMask;
int EventLog[8];
int EventCount;

void FloppyLog(int code, int value)
{
    if ((DebugMask & 1) == 0) {
        return;
    }
    EventLog[EventCount % 8] = code * 16 + value % 16;
    EventCount++;
}

void KeAcquireSpinLock(int *Lock)
{
    if (*Lock != 0) {
        reach_error();
        abort();
    }
    *Lock = 1;
}

void KeReleaseSpinLock(int *Lock)
{
    if (*Lock != 1) {
        reach_error();
        abort();
    }
    *Lock = 0;
}

void IoMarkIrpPending(IRP *Irp)
{
    Irp->PendingMarked = 1;
}

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->CompleteCount != 0) {
        reach_error();
        abort();
    }
    Irp->CompleteCount = 1;
}

int FloppyCompleteRequest(IRP *Irp, int status, unsigned int information)
{
    Irp->Status = status;
    Irp->Information = information;
    IoCompleteRequest(Irp);
    return status;
}

/* Registry parameters: key/value pairs, clamped to the controller's ranges. */
void FloppyReadConfiguration(FLOPPY_CONFIG *cfg)
{
    int i;
    int key;
    int value;
    cfg->MaxRetries = 3;
    cfg->StepRate = 13;
    cfg->HeadSettle = 15;
    cfg->MotorOffDelay = 2;
    cfg->DataRate = 2;
    cfg->VerifyWrites = 0;
    cfg->Tracks = 2;
    cfg->Heads = 2;
    cfg->SectorsPerTrack = 1;
    for (i = 0; i < 3; i++) {
        key = __VERIFIER_nondet_int();
        value = __VERIFIER_nondet_int();
        switch (key) {
        case 1:
            if (value >= 0 && value <= 8) {
                cfg->MaxRetries = value;
            }
            break;
        case 2:
            if (value > 0 && value < 16) {
                cfg->StepRate = value;
            }
            break;
        case 3:
            if (value > 0 && value < 256) {
                cfg->HeadSettle = value;
            }
            break;
        case 4:
            cfg->MotorOffDelay = value < 1 ? 1 : value > 10 ? 10 : value;
            break;
        case 5:
            cfg->VerifyWrites = value != 0;
            break;
        default:
            FloppyLog(1, key);
            break;
        }
    }
}

void FloppyRecordSize(FLOPPY_STATS *stats, unsigned int length)
{
    if (length <= 4) {
        stats->SizeHistogram[0]++;
    } else if (length <= 8) {
        stats->SizeHistogram[1]++;
    } else if (length <= 16) {
        stats->SizeHistogram[2]++;
    } else {
        stats->SizeHistogram[3]++;
    }
}

/* Queue a request for the worker thread: under the queue lock, marked pending. */
int FloppyQueueRequest(DEVICE_EXTENSION *ext, IRP *Irp)
{
    int slot;
    KeAcquireSpinLock(&ext->QueueLock);
    if (ext->RemovePending) {
        KeReleaseSpinLock(&ext->QueueLock);
        return FloppyCompleteRequest(Irp, STATUS_DELETE_PENDING, 0);
    }
    if (ext->QueueCount == QUEUE_SIZE) {
        KeReleaseSpinLock(&ext->QueueLock);
        ext->Stats.Errors++;
        return FloppyCompleteRequest(Irp, STATUS_INSUFFICIENT_RESOURCES, 0);
    }
    slot = (ext->QueueHead + ext->QueueCount) % QUEUE_SIZE;
    ext->Queue[slot] = Irp;
    ext->QueueCount++;
    Irp->Queued = 1;
    IoMarkIrpPending(Irp);
    KeReleaseSpinLock(&ext->QueueLock);
    FloppyLog(2, slot);
    return STATUS_PENDING;
}

IRP *FloppyDequeue(DEVICE_EXTENSION *ext)
{
    IRP *Irp = 0;
    KeAcquireSpinLock(&ext->QueueLock);
    if (ext->QueueCount > 0) {
        Irp = ext->Queue[ext->QueueHead];
        ext->Queue[ext->QueueHead] = 0;
        ext->QueueHead = (ext->QueueHead + 1) % QUEUE_SIZE;
        ext->QueueCount--;
    }
    KeReleaseSpinLock(&ext->QueueLock);
    return Irp;
}

int FloppyReadWrite(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpSp = &Irp->Stack[0];
    unsigned int diskSize;
    diskSize = (unsigned int)(ext->Config.Tracks * ext->Config.Heads * ext->Config.SectorsPerTrack * SECTOR_SIZE);
    if (!ext->Started) {
        return FloppyCompleteRequest(Irp, STATUS_DEVICE_NOT_READY, 0);
    }
    if (irpSp->Length % SECTOR_SIZE != 0 || irpSp->Length > 8) {
        return FloppyCompleteRequest(Irp, STATUS_INVALID_PARAMETER, 0);
    }
    if (irpSp->ByteOffset > diskSize || irpSp->Length > diskSize - irpSp->ByteOffset) {
        return FloppyCompleteRequest(Irp, STATUS_INVALID_PARAMETER, 0);
    }
    FloppyRecordSize(&ext->Stats, irpSp->Length);
    return FloppyQueueRequest(ext, Irp);
}

int FloppyDeviceControl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpSp = &Irp->Stack[0];
    int i;
    ext->Stats.Ioctls++;
    switch (irpSp->IoControlCode) {
    case IOCTL_DISK_GET_MEDIA_TYPES:
        if (irpSp->OutputBufferLength < MEDIA_TYPES) {
            return FloppyCompleteRequest(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        for (i = 0; i < MEDIA_TYPES; i++) {
            Irp->SystemBuffer[i] = MediaTable[i];
        }
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, MEDIA_TYPES);
    case IOCTL_DISK_GET_DRIVE_GEOMETRY:
        if (irpSp->OutputBufferLength < 3) {
            return FloppyCompleteRequest(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        Irp->SystemBuffer[0] = ext->Config.Tracks;
        Irp->SystemBuffer[1] = ext->Config.Heads;
        Irp->SystemBuffer[2] = ext->Config.SectorsPerTrack;
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 3);
    case IOCTL_DISK_CHECK_VERIFY:
        if (!ext->MediaPresent) {
            return FloppyCompleteRequest(Irp, STATUS_NO_MEDIA_IN_DEVICE, 0);
        }
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    case IOCTL_DISK_FORMAT_TRACKS:
        if (!ext->Started) {
            return FloppyCompleteRequest(Irp, STATUS_DEVICE_NOT_READY, 0);
        }
        return FloppyQueueRequest(ext, Irp);
    default:
        return FloppyCompleteRequest(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

int FloppyPnp(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IRP *pending;
    int n;
    switch (Irp->Stack[0].MinorFunction) {
    case IRP_MN_START_DEVICE:
        ext->Started = 1;
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    case IRP_MN_STOP_DEVICE:
        ext->Started = 0;
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    case IRP_MN_REMOVE_DEVICE:
        KeAcquireSpinLock(&ext->QueueLock);
        ext->RemovePending = 1;
        if (ext->QueueCount == 0) {
            ext->Started = 0;
            return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
        }
        KeReleaseSpinLock(&ext->QueueLock);
        n = 0;
        pending = FloppyDequeue(ext);
        while (pending != 0) {
            FloppyCompleteRequest(pending, STATUS_DELETE_PENDING, 0);
            n++;
            pending = FloppyDequeue(ext);
        }
        FloppyLog(3, n);
        ext->Started = 0;
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    default:
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    }
}

int FloppyDispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    switch (Irp->Stack[0].MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return FloppyCompleteRequest(Irp, STATUS_SUCCESS, 0);
    case IRP_MJ_READ:
    case IRP_MJ_WRITE:
        return FloppyReadWrite(DeviceObject, Irp);
    case IRP_MJ_DEVICE_CONTROL:
        return FloppyDeviceControl(DeviceObject, Irp);
    case IRP_MJ_PNP:
        return FloppyPnp(DeviceObject, Irp);
    default:
        return FloppyCompleteRequest(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

/* The worker thread: takes queued requests and performs the transfer on the medium. */
void FloppyThread(DEVICE_EXTENSION *ext)
{
    IRP *Irp;
    IO_STACK_LOCATION *irpSp;
    unsigned int k;
    int retries;
    int status;
    Irp = FloppyDequeue(ext);
    while (Irp != 0) {
        irpSp = &Irp->Stack[0];
        ext->MotorOn = 1;
        status = STATUS_SUCCESS;
        retries = 0;
        if (!ext->MediaPresent) {
            status = STATUS_NO_MEDIA_IN_DEVICE;
        } else if (irpSp->MajorFunction == IRP_MJ_READ) {
            for (k = 0; k < irpSp->Length; k++) {
                Irp->SystemBuffer[k] = ext->Disk[irpSp->ByteOffset + k];
            }
            ext->Stats.Reads++;
            ext->Stats.BytesRead += irpSp->Length;
        } else if (irpSp->MajorFunction == IRP_MJ_WRITE) {
            for (k = 0; k < irpSp->Length; k++) {
                ext->Disk[irpSp->ByteOffset + k] = Irp->SystemBuffer[k];
            }
            if (ext->Config.VerifyWrites) {
                while (retries < ext->Config.MaxRetries && __VERIFIER_nondet_int()) {
                    retries++;
                }
            }
            ext->Stats.Writes++;
            ext->Stats.BytesWritten += irpSp->Length;
        }
        if (status < 0) {
            ext->Stats.Errors++;
        }
        FloppyLog(4, retries);
        FloppyCompleteRequest(Irp, status, status < 0 ? 0 : irpSp->Length);
        Irp = FloppyDequeue(ext);
    }
    ext->MotorOn = 0;
}

int MajorCodes[6] = {IRP_MJ_CREATE, IRP_MJ_READ, IRP_MJ_WRITE, IRP_MJ_DEVICE_CONTROL, IRP_MJ_PNP, 7};
unsigned int IoctlCodes[5] = {IOCTL_DISK_GET_MEDIA_TYPES, IOCTL_DISK_FORMAT_TRACKS, IOCTL_DISK_CHECK_VERIFY,
                              IOCTL_DISK_GET_DRIVE_GEOMETRY, 0x07c000};
int MinorCodes[4] = {IRP_MN_START_DEVICE, IRP_MN_REMOVE_DEVICE, IRP_MN_STOP_DEVICE, 9};

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

void MakeRequest(IRP *Irp)
{
    int i;
    Irp->Status = 0;
    Irp->Information = 0;
    Irp->PendingMarked = 0;
    Irp->CompleteCount = 0;
    Irp->Queued = 0;
    Irp->Stack[0].MajorFunction = MajorCodes[choose(6)];
    Irp->Stack[0].MinorFunction = MinorCodes[choose(4)];
    Irp->Stack[0].Length = __VERIFIER_nondet_uint();
    Irp->Stack[0].ByteOffset = __VERIFIER_nondet_uint();
    Irp->Stack[0].IoControlCode = IoctlCodes[choose(5)];
    Irp->Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
    for (i = 0; i < 8; i++) {
        Irp->SystemBuffer[i] = i;
    }
}

int main(void)
{
    DEVICE_EXTENSION *ext;
    DEVICE_EXTENSION extension;
    DEVICE_OBJECT device;
    IRP irps[2];
    int status[2];
    int i;
    ext = &extension;
    device.DeviceExtension = ext;
    device.Flags = 0;
    DebugMask = __VERIFIER_nondet_int();
    EventCount = 0;
    ext->QueueLock = 0;
    ext->QueueHead = 0;
    ext->QueueCount = 0;
    for (i = 0; i < QUEUE_SIZE; i++) {
        ext->Queue[i] = 0;
    }
    ext->Started = __VERIFIER_nondet_int() != 0;
    ext->RemovePending = 0;
    ext->MediaPresent = __VERIFIER_nondet_int() != 0;
    ext->MediaType = 3;
    ext->MotorOn = 0;
    for (i = 0; i < 16; i++) {
        ext->Disk[i] = 0;
    }
    ext->Stats.Reads = 0;
    ext->Stats.Writes = 0;
    ext->Stats.Ioctls = 0;
    ext->Stats.Errors = 0;
    ext->Stats.BytesRead = 0;
    ext->Stats.BytesWritten = 0;
    for (i = 0; i < 4; i++) {
        ext->Stats.SizeHistogram[i] = 0;
    }
    FloppyReadConfiguration(&ext->Config);

    for (i = 0; i < 2; i++) {
        MakeRequest(&irps[i]);
        status[i] = FloppyDispatch(&device, &irps[i]);
    }
    FloppyThread(ext);

    __VERIFIER_assert(ext->QueueLock == 0);
    for (i = 0; i < 2; i++) {
        __VERIFIER_assert(status[i] != STATUS_PENDING || irps[i].PendingMarked);
        __VERIFIER_assert(irps[i].CompleteCount == 1);
    }
    return 0;
}
