// kappa-expect: verdict=false
// toaster_pnp_bug: a WDM function driver (after the WDK's toaster/func sample): the PnP state machine (start, query-stop, stop, cancel-stop, query-remove, cancel-remove, surprise removal, remove), a queue of requests held while the device is stopped, an outstanding-I/O count with the remove event, synchronous forwarding with a completion routine, power and WMI requests, registry and hardware-ID parsing. Property: the outstanding-I/O count never goes below zero and is back to its bias (0 after remove, 1 otherwise) at the end; every request is completed exactly once or still queued, marked pending. Bug: a request failed after a surprise removal is not counted out, so REMOVE_DEVICE finds I/O outstanding.
// held-out
// failing-input: 0 0 0 0 0 6 0 0 0 0 0 0 0 0 1 1 0 0 0 0 0 0 0 0 0 0 7 0 0 0 0 0 0 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "toaster_pnp_bug.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_INVALID_PARAMETER (-1073741811)
#define STATUS_DELETE_PENDING (-1073741738)
#define STATUS_NO_SUCH_DEVICE (-1073741810)
#define STATUS_BUFFER_TOO_SMALL (-1073741789)
#define STATUS_MORE_PROCESSING_REQUIRED (-1073741802)
#define STATUS_DEVICE_NOT_READY (-1073741661)

#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_READ 3
#define IRP_MJ_WRITE 4
#define IRP_MJ_DEVICE_CONTROL 14
#define IRP_MJ_POWER 22
#define IRP_MJ_SYSTEM_CONTROL 23
#define IRP_MJ_PNP 27

#define IRP_MN_START_DEVICE 0
#define IRP_MN_QUERY_REMOVE_DEVICE 1
#define IRP_MN_REMOVE_DEVICE 2
#define IRP_MN_CANCEL_REMOVE_DEVICE 3
#define IRP_MN_STOP_DEVICE 4
#define IRP_MN_QUERY_STOP_DEVICE 5
#define IRP_MN_CANCEL_STOP_DEVICE 6
#define IRP_MN_QUERY_CAPABILITIES 9
#define IRP_MN_SURPRISE_REMOVAL 23

#define IOCTL_TOASTER_GET_STATS 0x220000
#define IOCTL_TOASTER_SET_HEAT 0x220004
#define IOCTL_TOASTER_DONENESS 0x220008

#define NotStarted 0
#define Started 1
#define StopPending 2
#define Stopped 3
#define RemovePending 4
#define SurpriseRemovePending 5
#define Deleted 6

#define HoldRequests 0
#define AllowRequests 1
#define FailRequests 2

#define NO_COMPLETION 0
#define COMPLETION_DISPATCH_PNP 1

#define PENDING_QUEUE 3
#define NUM_IRPS 3
#define HWID_LEN 12
#define DATA_LEN 4

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    int MinorFunction;
    unsigned int Length;
    unsigned int IoControlCode;
    unsigned int InputBufferLength;
    unsigned int OutputBufferLength;
    int CompletionRoutine;
    int PowerState;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int Owner; /* 1: this driver, 2: lower driver, 0: completed */
    int CompleteCount;
    int MarkedPending;
    int Queued;
    IO_STACK_LOCATION Stack[2];
    int SystemBuffer[DATA_LEN];
} IRP;

typedef struct _TOASTER_STATS {
    unsigned int Reads;
    unsigned int Writes;
    unsigned int BytesRead;
    unsigned int BytesWritten;
    unsigned int Ioctls;
    unsigned int Failed;
    unsigned int Queued;
    unsigned int PowerTransitions;
} TOASTER_STATS;

typedef struct _TOASTER_CONFIG {
    int DebugLevel;
    int PollInterval;
    int HeatLevel;
    int MaxToastTime;
    int DontDisplayInUI;
} TOASTER_CONFIG;

typedef struct _FDO_DATA {
    int DevicePnPState;
    int PreviousPnPState;
    int QueueState;
    IRP *PendingQueue[PENDING_QUEUE];
    int PendingCount;
    int OutstandingIO;
    int RemoveEvent;
    int StopEvent;
    int StartEvent;
    int DevicePowerState;
    int SystemPowerState;
    int Heat;
    int Toast[DATA_LEN];
    char HardwareId[HWID_LEN];
    int VendorCode;
    int Revision;
    int WmiRegistered;
    TOASTER_STATS Stats;
    TOASTER_CONFIG Config;
} FDO_DATA;

typedef struct _DEVICE_OBJECT {
    FDO_DATA *DeviceExtension;
    struct _DEVICE_OBJECT *NextLowerDriver;
    int Removed;
} DEVICE_OBJECT;

int DebugTrace[8];
int DebugTraceCount;
int PowerMap[5] = {1, 1, 2, 4, 4};

void ToasterDebugPrint(FDO_DATA *data, int level, int code)
{
    if (level > data->Config.DebugLevel) {
        return;
    }
    DebugTrace[DebugTraceCount & 7] = code;
    DebugTraceCount++;
}

/* ---- the I/O manager's side ---- */

void IoMarkIrpPending(IRP *Irp)
{
    Irp->MarkedPending = 1;
}

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->Owner != 1 || Irp->CompleteCount != 0) {
        reach_error();
        abort();
    }
    Irp->CompleteCount = 1;
    Irp->Owner = 0;
}

void KeSetEvent(int *Event)
{
    *Event = 1;
}

int ToasterDispatchPnpComplete(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    KeSetEvent(&data->StartEvent);
    return STATUS_MORE_PROCESSING_REQUIRED;
}

/* The bus driver below: it completes every request it gets, calling the completion routine
 * registered in the next stack location; MORE_PROCESSING_REQUIRED gives the request back. */
int IoCallDriver(DEVICE_OBJECT *Lower, IRP *Irp, DEVICE_OBJECT *Self)
{
    int status = __VERIFIER_nondet_int() ? STATUS_SUCCESS : STATUS_UNSUCCESSFUL;
    int result = STATUS_SUCCESS;
    Irp->Owner = 2;
    Irp->Status = status;
    if (Irp->Stack[1].CompletionRoutine == COMPLETION_DISPATCH_PNP) {
        result = ToasterDispatchPnpComplete(Self, Irp);
    }
    if (result == STATUS_MORE_PROCESSING_REQUIRED) {
        Irp->Owner = 1;
    } else {
        Irp->CompleteCount++;
        Irp->Owner = 0;
    }
    return status;
}

void IoCopyCurrentIrpStackLocationToNext(IRP *Irp)
{
    Irp->Stack[1] = Irp->Stack[0];
    Irp->Stack[1].CompletionRoutine = NO_COMPLETION;
}

void IoSkipCurrentIrpStackLocation(IRP *Irp)
{
    Irp->Stack[1] = Irp->Stack[0];
    Irp->Stack[1].CompletionRoutine = NO_COMPLETION;
}

/* ---- outstanding I/O: biased at 1; the remove event fires when it reaches 0 ---- */

void ToasterIoIncrement(FDO_DATA *data)
{
    data->OutstandingIO++;
    if (data->OutstandingIO == 2) {
        data->StopEvent = 0;
    }
}

void ToasterIoDecrement(FDO_DATA *data)
{
    data->OutstandingIO--;
    if (data->OutstandingIO < 0) {
        reach_error();
        abort();
    }
    if (data->OutstandingIO == 1) {
        KeSetEvent(&data->StopEvent);
    }
    if (data->OutstandingIO == 0) {
        KeSetEvent(&data->RemoveEvent);
    }
}

void SET_NEW_PNP_STATE(FDO_DATA *data, int state)
{
    data->PreviousPnPState = data->DevicePnPState;
    data->DevicePnPState = state;
}

void RESTORE_PREVIOUS_PNP_STATE(FDO_DATA *data)
{
    data->DevicePnPState = data->PreviousPnPState;
}

int ToasterCompleteRequest(IRP *Irp, int status, unsigned int information)
{
    Irp->Status = status;
    Irp->Information = information;
    IoCompleteRequest(Irp);
    return status;
}

/* ---- registry and hardware ID (no bearing on the requests) ---- */

void ToasterReadRegistry(FDO_DATA *data)
{
    int i;
    int name;
    int value;
    data->Config.DebugLevel = 1;
    data->Config.PollInterval = 100;
    data->Config.HeatLevel = 3;
    data->Config.MaxToastTime = 60;
    data->Config.DontDisplayInUI = 0;
    for (i = 0; i < 2; i++) {
        name = __VERIFIER_nondet_int();
        value = __VERIFIER_nondet_int();
        if (name == 1) {
            data->Config.DebugLevel = value & 3;
        } else if (name == 2) {
            if (value >= 10 && value <= 1000) {
                data->Config.PollInterval = value;
            }
        } else if (name == 3) {
            data->Config.HeatLevel = value < 0 ? 0 : value > 9 ? 9 : value;
        } else if (name == 4) {
            data->Config.DontDisplayInUI = value != 0;
        }
    }
}

int HexDigit(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* "VEN_xxxx&REV" style: the vendor code is the hex digits after the prefix. */
void ToasterParseHardwareId(FDO_DATA *data)
{
    int i;
    int d;
    int vendor = 0;
    const char *prefix = "TOAST\\";
    for (i = 0; i < 6; i++) {
        data->HardwareId[i] = prefix[i];
    }
    for (i = 6; i < HWID_LEN - 1; i++) {
        int c = __VERIFIER_nondet_int() & 15;
        data->HardwareId[i] = (char)(c < 10 ? '0' + c : 'A' + c - 10);
    }
    data->HardwareId[HWID_LEN - 1] = 0;
    for (i = 6; i < 10; i++) {
        d = HexDigit(data->HardwareId[i]);
        if (d < 0) {
            break;
        }
        vendor = vendor * 16 + d;
    }
    data->VendorCode = vendor;
    data->Revision = HexDigit(data->HardwareId[10]);
}

/* ---- the pending queue ---- */

int ToasterQueueRequest(FDO_DATA *data, IRP *Irp)
{
    if (data->PendingCount == PENDING_QUEUE) {
        ToasterIoDecrement(data);
        return ToasterCompleteRequest(Irp, STATUS_DEVICE_NOT_READY, 0);
    }
    IoMarkIrpPending(Irp);
    Irp->Queued = 1;
    data->PendingQueue[data->PendingCount] = Irp;
    data->PendingCount++;
    data->Stats.Queued++;
    ToasterIoDecrement(data);
    return STATUS_PENDING;
}

int ToasterDispatchIoRequest(DEVICE_OBJECT *DeviceObject, IRP *Irp);

void ToasterProcessQueuedRequests(DEVICE_OBJECT *DeviceObject)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    IRP *Irp;
    int i;
    int n = data->PendingCount;
    data->PendingCount = 0;
    for (i = 0; i < n; i++) {
        Irp = data->PendingQueue[i];
        data->PendingQueue[i] = 0;
        Irp->Queued = 0;
        if (data->QueueState == FailRequests) {
            ToasterCompleteRequest(Irp, STATUS_DELETE_PENDING, 0);
        } else {
            ToasterIoIncrement(data);
            ToasterDispatchIoRequest(DeviceObject, Irp);
        }
    }
}

/* ---- reads, writes and ioctls ---- */

int ToasterReadWrite(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *stack = &Irp->Stack[0];
    unsigned int i;
    unsigned int n = stack->Length > DATA_LEN ? DATA_LEN : stack->Length;
    if (stack->MajorFunction == IRP_MJ_READ) {
        for (i = 0; i < n; i++) {
            Irp->SystemBuffer[i] = data->Toast[i] + data->Heat;
        }
        data->Stats.Reads++;
        data->Stats.BytesRead += n;
    } else {
        for (i = 0; i < n; i++) {
            data->Toast[i] = Irp->SystemBuffer[i];
        }
        data->Stats.Writes++;
        data->Stats.BytesWritten += n;
    }
    return ToasterCompleteRequest(Irp, STATUS_SUCCESS, n);
}

int ToasterIoctl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *stack = &Irp->Stack[0];
    int i;
    int sum;
    data->Stats.Ioctls++;
    switch (stack->IoControlCode) {
    case IOCTL_TOASTER_GET_STATS:
        if (stack->OutputBufferLength < 4) {
            return ToasterCompleteRequest(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        Irp->SystemBuffer[0] = (int)data->Stats.Reads;
        Irp->SystemBuffer[1] = (int)data->Stats.Writes;
        Irp->SystemBuffer[2] = (int)data->Stats.Ioctls;
        Irp->SystemBuffer[3] = (int)data->Stats.Failed;
        return ToasterCompleteRequest(Irp, STATUS_SUCCESS, 4);
    case IOCTL_TOASTER_SET_HEAT:
        if (stack->InputBufferLength < 1) {
            return ToasterCompleteRequest(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        if (Irp->SystemBuffer[0] < 0 || Irp->SystemBuffer[0] > data->Config.HeatLevel * 10) {
            return ToasterCompleteRequest(Irp, STATUS_INVALID_PARAMETER, 0);
        }
        data->Heat = Irp->SystemBuffer[0];
        return ToasterCompleteRequest(Irp, STATUS_SUCCESS, 0);
    case IOCTL_TOASTER_DONENESS:
        sum = 0;
        for (i = 0; i < DATA_LEN; i++) {
            sum += data->Toast[i] > 0 ? 1 : 0;
        }
        Irp->SystemBuffer[0] = sum * 25;
        return ToasterCompleteRequest(Irp, STATUS_SUCCESS, 1);
    default:
        return ToasterCompleteRequest(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

/* Every read, write and ioctl: counted in, then queued, failed or processed, counted out. */
int ToasterDispatchIoRequest(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int status;
    if (data->QueueState != AllowRequests) {
        if (data->QueueState == HoldRequests) {
            return ToasterQueueRequest(data, Irp);
        }
        data->Stats.Failed++;
        status = ToasterCompleteRequest(Irp, STATUS_DELETE_PENDING, 0);
        return status;
    }
    if (Irp->Stack[0].MajorFunction == IRP_MJ_DEVICE_CONTROL) {
        status = ToasterIoctl(DeviceObject, Irp);
    } else {
        status = ToasterReadWrite(DeviceObject, Irp);
    }
    ToasterIoDecrement(data);
    return status;
}

int ToasterDispatchIO(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    ToasterIoIncrement(data);
    ToasterDebugPrint(data, 3, Irp->Stack[0].MajorFunction);
    if (data->DevicePnPState == Deleted) {
        ToasterIoDecrement(data);
        return ToasterCompleteRequest(Irp, STATUS_NO_SUCH_DEVICE, 0);
    }
    return ToasterDispatchIoRequest(DeviceObject, Irp);
}

/* ---- PnP ---- */

int ToasterSendIrpSynchronously(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int status;
    data->StartEvent = 0;
    IoCopyCurrentIrpStackLocationToNext(Irp);
    Irp->Stack[1].CompletionRoutine = COMPLETION_DISPATCH_PNP;
    status = IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    if (status == STATUS_PENDING) {
        status = Irp->Status;
    }
    return status;
}

int ToasterStartDevice(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int i;
    ToasterParseHardwareId(data);
    for (i = 0; i < DATA_LEN; i++) {
        data->Toast[i] = 0;
    }
    data->Heat = data->Config.HeatLevel;
    data->DevicePowerState = 1;
    return STATUS_SUCCESS;
}

int ToasterDispatchPnp(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    IO_STACK_LOCATION *stack = &Irp->Stack[0];
    int status;
    ToasterIoIncrement(data);
    if (data->DevicePnPState == Deleted) {
        ToasterIoDecrement(data);
        return ToasterCompleteRequest(Irp, STATUS_NO_SUCH_DEVICE, 0);
    }
    switch (stack->MinorFunction) {
    case IRP_MN_START_DEVICE:
        status = ToasterSendIrpSynchronously(DeviceObject, Irp);
        if (status >= 0) {
            status = ToasterStartDevice(DeviceObject, Irp);
            if (status >= 0) {
                SET_NEW_PNP_STATE(data, Started);
                data->QueueState = AllowRequests;
                ToasterProcessQueuedRequests(DeviceObject);
            }
        }
        ToasterCompleteRequest(Irp, status, 0);
        ToasterIoDecrement(data);
        return status;
    case IRP_MN_QUERY_STOP_DEVICE:
        SET_NEW_PNP_STATE(data, StopPending);
        data->QueueState = HoldRequests;
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_CANCEL_STOP_DEVICE:
        if (data->DevicePnPState == StopPending) {
            RESTORE_PREVIOUS_PNP_STATE(data);
            data->QueueState = AllowRequests;
            ToasterProcessQueuedRequests(DeviceObject);
        }
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_STOP_DEVICE:
        SET_NEW_PNP_STATE(data, Stopped);
        data->QueueState = HoldRequests;
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_QUERY_REMOVE_DEVICE:
        SET_NEW_PNP_STATE(data, RemovePending);
        data->QueueState = HoldRequests;
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_CANCEL_REMOVE_DEVICE:
        if (data->DevicePnPState == RemovePending) {
            RESTORE_PREVIOUS_PNP_STATE(data);
            data->QueueState = AllowRequests;
            ToasterProcessQueuedRequests(DeviceObject);
        }
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_SURPRISE_REMOVAL:
        SET_NEW_PNP_STATE(data, SurpriseRemovePending);
        data->QueueState = FailRequests;
        ToasterProcessQueuedRequests(DeviceObject);
        ToasterIoDecrement(data);
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    case IRP_MN_REMOVE_DEVICE:
        SET_NEW_PNP_STATE(data, Deleted);
        data->QueueState = FailRequests;
        ToasterProcessQueuedRequests(DeviceObject);
        data->WmiRegistered = 0;
        /* Drop this request's count and the bias, then wait for the others. */
        ToasterIoDecrement(data);
        ToasterIoDecrement(data);
        if (!data->RemoveEvent) {
            reach_error();
            abort();
        }
        Irp->Status = STATUS_SUCCESS;
        IoSkipCurrentIrpStackLocation(Irp);
        status = IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
        DeviceObject->Removed = 1;
        return status;
    case IRP_MN_QUERY_CAPABILITIES:
        status = ToasterSendIrpSynchronously(DeviceObject, Irp);
        if (status >= 0 && stack->OutputBufferLength >= 2) {
            Irp->SystemBuffer[0] = data->Config.DontDisplayInUI ? 0 : 1;
            Irp->SystemBuffer[1] = data->Revision;
        }
        ToasterCompleteRequest(Irp, status, 0);
        ToasterIoDecrement(data);
        return status;
    default:
        ToasterIoDecrement(data);
        IoSkipCurrentIrpStackLocation(Irp);
        return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
    }
}

/* ---- power and WMI: passed down, with bookkeeping ---- */

int ToasterDispatchPower(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int state = Irp->Stack[0].PowerState;
    ToasterIoIncrement(data);
    if (state >= 0 && state < 5) {
        data->SystemPowerState = state;
        data->DevicePowerState = PowerMap[state];
        data->Stats.PowerTransitions++;
    }
    ToasterDebugPrint(data, 2, state);
    IoSkipCurrentIrpStackLocation(Irp);
    ToasterIoDecrement(data);
    return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
}

int ToasterSystemControl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int i;
    ToasterIoIncrement(data);
    if (data->WmiRegistered && Irp->Stack[0].OutputBufferLength >= DATA_LEN) {
        for (i = 0; i < DATA_LEN; i++) {
            Irp->SystemBuffer[i] = (int)data->HardwareId[6 + i];
        }
        ToasterCompleteRequest(Irp, STATUS_SUCCESS, DATA_LEN);
        ToasterIoDecrement(data);
        return STATUS_SUCCESS;
    }
    IoSkipCurrentIrpStackLocation(Irp);
    ToasterIoDecrement(data);
    return IoCallDriver(DeviceObject->NextLowerDriver, Irp, DeviceObject);
}

int ToasterCreateClose(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    FDO_DATA *data = DeviceObject->DeviceExtension;
    int status = STATUS_SUCCESS;
    ToasterIoIncrement(data);
    if (Irp->Stack[0].MajorFunction == IRP_MJ_CREATE && data->DevicePnPState != Started) {
        status = STATUS_DEVICE_NOT_READY;
    }
    ToasterCompleteRequest(Irp, status, 0);
    ToasterIoDecrement(data);
    return status;
}

int ToasterDispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    switch (Irp->Stack[0].MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return ToasterCreateClose(DeviceObject, Irp);
    case IRP_MJ_READ:
    case IRP_MJ_WRITE:
    case IRP_MJ_DEVICE_CONTROL:
        return ToasterDispatchIO(DeviceObject, Irp);
    case IRP_MJ_PNP:
        return ToasterDispatchPnp(DeviceObject, Irp);
    case IRP_MJ_POWER:
        return ToasterDispatchPower(DeviceObject, Irp);
    case IRP_MJ_SYSTEM_CONTROL:
        return ToasterSystemControl(DeviceObject, Irp);
    default:
        return ToasterCompleteRequest(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
}

void ToasterAddDevice(DEVICE_OBJECT *DeviceObject, FDO_DATA *data, DEVICE_OBJECT *Lower)
{
    int i;
    DeviceObject->DeviceExtension = data;
    DeviceObject->NextLowerDriver = Lower;
    DeviceObject->Removed = 0;
    data->DevicePnPState = NotStarted;
    data->PreviousPnPState = NotStarted;
    data->QueueState = HoldRequests;
    data->PendingCount = 0;
    for (i = 0; i < PENDING_QUEUE; i++) {
        data->PendingQueue[i] = 0;
    }
    data->OutstandingIO = 1;
    data->RemoveEvent = 0;
    data->StopEvent = 1;
    data->StartEvent = 0;
    data->DevicePowerState = 0;
    data->SystemPowerState = 0;
    data->Heat = 0;
    data->VendorCode = 0;
    data->Revision = 0;
    data->WmiRegistered = 1;
    data->Stats.Reads = 0;
    data->Stats.Writes = 0;
    data->Stats.BytesRead = 0;
    data->Stats.BytesWritten = 0;
    data->Stats.Ioctls = 0;
    data->Stats.Failed = 0;
    data->Stats.Queued = 0;
    data->Stats.PowerTransitions = 0;
    for (i = 0; i < HWID_LEN; i++) {
        data->HardwareId[i] = 0;
    }
    for (i = 0; i < DATA_LEN; i++) {
        data->Toast[i] = 0;
    }
    ToasterReadRegistry(data);
}

/* ---- the harness: the PnP manager and applications send a few requests ---- */

int MajorCodes[7] = {IRP_MJ_PNP, IRP_MJ_READ, IRP_MJ_WRITE, IRP_MJ_DEVICE_CONTROL, IRP_MJ_CREATE, IRP_MJ_POWER,
                     IRP_MJ_SYSTEM_CONTROL};
int MinorCodes[9] = {IRP_MN_START_DEVICE, IRP_MN_QUERY_STOP_DEVICE, IRP_MN_STOP_DEVICE, IRP_MN_CANCEL_STOP_DEVICE,
                     IRP_MN_QUERY_REMOVE_DEVICE, IRP_MN_CANCEL_REMOVE_DEVICE, IRP_MN_SURPRISE_REMOVAL,
                     IRP_MN_REMOVE_DEVICE, IRP_MN_QUERY_CAPABILITIES};
unsigned int IoctlCodes[4] = {IOCTL_TOASTER_GET_STATS, IOCTL_TOASTER_SET_HEAT, IOCTL_TOASTER_DONENESS, 0x22000c};

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

void MakeIrp(IRP *Irp)
{
    int i;
    Irp->Status = 0;
    Irp->Information = 0;
    Irp->Owner = 1;
    Irp->CompleteCount = 0;
    Irp->MarkedPending = 0;
    Irp->Queued = 0;
    Irp->Stack[0].MajorFunction = MajorCodes[choose(7)];
    Irp->Stack[0].MinorFunction = MinorCodes[choose(9)];
    Irp->Stack[0].Length = __VERIFIER_nondet_uint();
    Irp->Stack[0].IoControlCode = IoctlCodes[choose(4)];
    Irp->Stack[0].InputBufferLength = 1;
    Irp->Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
    Irp->Stack[0].CompletionRoutine = NO_COMPLETION;
    Irp->Stack[0].PowerState = __VERIFIER_nondet_int();
    Irp->Stack[1].CompletionRoutine = NO_COMPLETION;
    for (i = 0; i < DATA_LEN; i++) {
        Irp->SystemBuffer[i] = __VERIFIER_nondet_int();
    }
}

int main(void)
{
    FDO_DATA data;
    DEVICE_OBJECT fdo, pdo;
    IRP irps[NUM_IRPS];
    int k;
    int removed;
    pdo.DeviceExtension = 0;
    pdo.NextLowerDriver = 0;
    pdo.Removed = 0;
    DebugTraceCount = 0;
    ToasterAddDevice(&fdo, &data, &pdo);
    for (k = 0; k < NUM_IRPS; k++) {
        MakeIrp(&irps[k]);
        if (fdo.Removed) {
            irps[k].Owner = 0;
            irps[k].CompleteCount = 1;
            continue;
        }
        ToasterDispatch(&fdo, &irps[k]);
    }
    removed = fdo.Removed;
    if (removed) {
        __VERIFIER_assert(data.OutstandingIO == 0);
    } else {
        __VERIFIER_assert(data.OutstandingIO == 1);
    }
    for (k = 0; k < NUM_IRPS; k++) {
        __VERIFIER_assert(irps[k].CompleteCount == 1 || (irps[k].Queued && irps[k].MarkedPending));
    }
    return 0;
}
