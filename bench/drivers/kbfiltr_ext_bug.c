// kappa-expect: verdict=false
// kbfiltr_ext_bug: a keyboard filter driver (after the WDK's kbfiltr). Property: every request is completed exactly once, by this driver or below it. Bug: a DISCONNECT is completed and then passed down too.
// failing-input: 1 0 2 0 1 0 0 0 0 0 0 0 0 0 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "kbfiltr_ext_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_SHARING_VIOLATION (-1073741757)
#define STATUS_INVALID_PARAMETER (-1073741811)
#define STATUS_MORE_PROCESSING_REQUIRED (-1073741802)

#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_INTERNAL_DEVICE_CONTROL 15
#define IRP_MJ_POWER 22
#define IRP_MJ_PNP 27

#define IOCTL_INTERNAL_KEYBOARD_CONNECT 0x0B0203
#define IOCTL_INTERNAL_KEYBOARD_DISCONNECT 0x0B0403
#define IOCTL_KEYBOARD_QUERY_ATTRIBUTES 0x0B0000
#define IOCTL_KEYBOARD_QUERY_INDICATORS 0x0B0040

#define IRP_MN_START_DEVICE 0
#define IRP_MN_REMOVE_DEVICE 2
#define IRP_MN_SURPRISE_REMOVAL 23

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    int MinorFunction;
    unsigned int IoControlCode;
    unsigned int InputBufferLength;
    unsigned int OutputBufferLength;
    int CompletionRoutineSet;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int Owner; /* 1: this driver, 2: the lower driver */
    int CompleteCount;
    IO_STACK_LOCATION Stack[2];
    int CurrentLocation;
    int SystemBuffer[8];
} IRP;

typedef struct _CONNECT_DATA {
    int ClassDeviceObject;
    int ClassService;
} CONNECT_DATA;

typedef struct _DEVICE_EXTENSION {
    int Started;
    int Removed;
    int SurpriseRemoved;
    CONNECT_DATA UpperConnectData;
    int Connected;
    int KeyboardAttributes[4];
    unsigned int InputCount;
    unsigned int IoctlCount;
    unsigned int LastIoctl;
    int DebugLevel;
} DEVICE_EXTENSION;

typedef struct _DEVICE_OBJECT {
    DEVICE_EXTENSION *DeviceExtension;
    int Flags;
    int StackSize;
} DEVICE_OBJECT;

/* The trace ring of the driver's debug build: nothing in it matters to the requests. */
int TraceRing[16];
int TraceHead;
int TraceTotal;

void KbTrace(DEVICE_EXTENSION *ext, int level, int code)
{
    if (level > ext->DebugLevel) {
        return;
    }
    TraceRing[TraceHead] = code;
    TraceHead = (TraceHead + 1) % 16;
    TraceTotal++;
}

IO_STACK_LOCATION *IoGetCurrentIrpStackLocation(IRP *Irp)
{
    return &Irp->Stack[Irp->CurrentLocation];
}

void IoSkipCurrentIrpStackLocation(IRP *Irp)
{
    Irp->CurrentLocation = 1;
}

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->Owner != 1) {
        reach_error();
        abort();
    }
    Irp->CompleteCount++;
    Irp->Owner = 0;
}

/* The lower driver: it completes the request (status chosen by the environment). */
int IoCallDriver(DEVICE_OBJECT *Lower, IRP *Irp)
{
    int status = __VERIFIER_nondet_int();
    Irp->Owner = 2;
    if (status == STATUS_PENDING) {
        Irp->Status = STATUS_SUCCESS;
    } else {
        Irp->Status = status;
    }
    Irp->CompleteCount++;
    Irp->Owner = 0;
    return status;
}

int KbFilter_Complete(DEVICE_OBJECT *DeviceObject, IRP *Irp, int status)
{
    Irp->Status = status;
    IoCompleteRequest(Irp);
    return status;
}

int KbFilter_CreateClose(DEVICE_OBJECT *DeviceObject, IRP *Irp, DEVICE_OBJECT *Lower)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpStack = IoGetCurrentIrpStackLocation(Irp);
    KbTrace(ext, 2, irpStack->MajorFunction);
    if (irpStack->MajorFunction == IRP_MJ_CREATE) {
        if (ext->UpperConnectData.ClassService == 0) {
            return KbFilter_Complete(DeviceObject, Irp, STATUS_INVALID_DEVICE_REQUEST);
        }
    }
    Irp->Status = STATUS_SUCCESS;
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(Lower, Irp);
}

int KbFilter_InternIoCtl(DEVICE_OBJECT *DeviceObject, IRP *Irp, DEVICE_OBJECT *Lower)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpStack = IoGetCurrentIrpStackLocation(Irp);
    int status = STATUS_SUCCESS;
    int i;
    ext->IoctlCount++;
    ext->LastIoctl = irpStack->IoControlCode;
    KbTrace(ext, 3, (int)irpStack->IoControlCode);
    switch (irpStack->IoControlCode) {
    case IOCTL_INTERNAL_KEYBOARD_CONNECT:
        if (ext->UpperConnectData.ClassService != 0) {
            status = STATUS_SHARING_VIOLATION;
            break;
        }
        if (irpStack->InputBufferLength < 2) {
            status = STATUS_INVALID_PARAMETER;
            break;
        }
        ext->UpperConnectData.ClassDeviceObject = Irp->SystemBuffer[0];
        ext->UpperConnectData.ClassService = Irp->SystemBuffer[1] == 0 ? 1 : Irp->SystemBuffer[1];
        ext->Connected = 1;
        break;
    case IOCTL_INTERNAL_KEYBOARD_DISCONNECT:
        KbFilter_Complete(DeviceObject, Irp, STATUS_INVALID_DEVICE_REQUEST);
        break;
    case IOCTL_KEYBOARD_QUERY_ATTRIBUTES:
        if (irpStack->OutputBufferLength < 4) {
            status = STATUS_INVALID_PARAMETER;
            break;
        }
        for (i = 0; i < 4; i++) {
            Irp->SystemBuffer[i] = ext->KeyboardAttributes[i];
        }
        Irp->Information = 4;
        break;
    case IOCTL_KEYBOARD_QUERY_INDICATORS:
        ext->InputCount++;
        break;
    default:
        break;
    }
    if (status < 0) {
        return KbFilter_Complete(DeviceObject, Irp, status);
    }
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(Lower, Irp);
}

int KbFilter_PnP(DEVICE_OBJECT *DeviceObject, IRP *Irp, DEVICE_OBJECT *Lower)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *irpStack = IoGetCurrentIrpStackLocation(Irp);
    int status;
    switch (irpStack->MinorFunction) {
    case IRP_MN_START_DEVICE:
        status = IoCallDriver(Lower, Irp);
        if (status >= 0) {
            ext->Started = 1;
            ext->Removed = 0;
        }
        KbTrace(ext, 1, 100 + status);
        return status;
    case IRP_MN_SURPRISE_REMOVAL:
        ext->SurpriseRemoved = 1;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(Lower, Irp);
    case IRP_MN_REMOVE_DEVICE:
        ext->Removed = 1;
        IoSkipCurrentIrpStackLocation(Irp);
        status = IoCallDriver(Lower, Irp);
        ext->Started = 0;
        return status;
    default:
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(Lower, Irp);
    }
}

int KbFilter_Power(DEVICE_OBJECT *DeviceObject, IRP *Irp, DEVICE_OBJECT *Lower)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    KbTrace(ext, 2, 22);
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(Lower, Irp);
}

int KbFilter_Dispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp, DEVICE_OBJECT *Lower)
{
    IO_STACK_LOCATION *irpStack = IoGetCurrentIrpStackLocation(Irp);
    switch (irpStack->MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return KbFilter_CreateClose(DeviceObject, Irp, Lower);
    case IRP_MJ_INTERNAL_DEVICE_CONTROL:
        return KbFilter_InternIoCtl(DeviceObject, Irp, Lower);
    case IRP_MJ_PNP:
        return KbFilter_PnP(DeviceObject, Irp, Lower);
    case IRP_MJ_POWER:
        return KbFilter_Power(DeviceObject, Irp, Lower);
    default:
        return KbFilter_Complete(DeviceObject, Irp, STATUS_INVALID_DEVICE_REQUEST);
    }
}

/* The harness: the I/O manager sends one request with an arbitrary major function and code. */
int MajorCodes[6] = {IRP_MJ_CREATE, IRP_MJ_CLOSE, IRP_MJ_INTERNAL_DEVICE_CONTROL, IRP_MJ_PNP, IRP_MJ_POWER, 9};
unsigned int IoctlCodes[5] = {IOCTL_INTERNAL_KEYBOARD_CONNECT, IOCTL_INTERNAL_KEYBOARD_DISCONNECT,
                              IOCTL_KEYBOARD_QUERY_ATTRIBUTES, IOCTL_KEYBOARD_QUERY_INDICATORS, 0x0B0100};

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
    DEVICE_EXTENSION ext;
    DEVICE_OBJECT device, lower;
    IRP irp;
    int i;
    ext.Started = 0;
    ext.Removed = 0;
    ext.SurpriseRemoved = 0;
    ext.UpperConnectData.ClassDeviceObject = 0;
    ext.UpperConnectData.ClassService = __VERIFIER_nondet_int();
    ext.Connected = 0;
    for (i = 0; i < 4; i++) {
        ext.KeyboardAttributes[i] = i * 3;
    }
    ext.InputCount = 0;
    ext.IoctlCount = 0;
    ext.LastIoctl = 0;
    ext.DebugLevel = __VERIFIER_nondet_int();
    device.DeviceExtension = &ext;
    device.Flags = 0;
    device.StackSize = 2;
    lower.DeviceExtension = 0;
    lower.Flags = 0;
    lower.StackSize = 1;

    irp.Status = 0;
    irp.Information = 0;
    irp.Owner = 1;
    irp.CompleteCount = 0;
    irp.CurrentLocation = 0;
    irp.Stack[0].MajorFunction = MajorCodes[choose(6)];
    irp.Stack[0].MinorFunction = __VERIFIER_nondet_int();
    irp.Stack[0].IoControlCode = IoctlCodes[choose(5)];
    irp.Stack[0].InputBufferLength = __VERIFIER_nondet_uint();
    irp.Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
    irp.Stack[0].CompletionRoutineSet = 0;
    for (i = 0; i < 8; i++) {
        irp.SystemBuffer[i] = __VERIFIER_nondet_int();
    }
    KbFilter_Dispatch(&device, &irp, &lower);
    __VERIFIER_assert(irp.CompleteCount == 1);
    return 0;
}
