// kappa-expect: verdict=true
// cdaudio_play: a CD-audio filter driver (after the WDK's cdaudio): table of contents, play/pause/resume/stop, volume. Property: STATUS_PENDING is returned exactly when the request is marked pending, and every request is completed once.
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "cdaudio_play.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808)
#define STATUS_INVALID_PARAMETER (-1073741811)
#define STATUS_BUFFER_TOO_SMALL (-1073741789)
#define STATUS_DEVICE_BUSY (-2147483631)
#define STATUS_MORE_PROCESSING_REQUIRED (-1073741802)

#define IRP_MJ_CREATE 0
#define IRP_MJ_CLOSE 2
#define IRP_MJ_READ 3
#define IRP_MJ_DEVICE_CONTROL 14

#define IOCTL_CDROM_READ_TOC 0x024000
#define IOCTL_CDROM_PLAY_AUDIO_MSF 0x024018
#define IOCTL_CDROM_PAUSE_AUDIO 0x02400c
#define IOCTL_CDROM_RESUME_AUDIO 0x024010
#define IOCTL_CDROM_STOP_AUDIO 0x024008
#define IOCTL_CDROM_GET_VOLUME 0x024014
#define IOCTL_CDROM_SET_VOLUME 0x024028

#define NO_COMPLETION 0
#define COMPLETION_PLAY 1
#define COMPLETION_SIGNAL 2

#define MAX_TRACKS 4

typedef struct _IO_STACK_LOCATION {
    int MajorFunction;
    unsigned int IoControlCode;
    unsigned int InputBufferLength;
    unsigned int OutputBufferLength;
    int CompletionRoutine;
} IO_STACK_LOCATION;

typedef struct _IRP {
    int Status;
    unsigned int Information;
    int PendingReturned;
    int MarkedPending;
    int CompleteCount;
    IO_STACK_LOCATION Stack[2];
    int CurrentLocation;
    int SystemBuffer[8];
} IRP;

typedef struct _TRACK {
    int Number;
    int StartMsf;
    int Audio;
} TRACK;

typedef struct _DEVICE_EXTENSION {
    int PlayActive;
    int Paused;
    int TocValid;
    int FirstTrack;
    int LastTrack;
    TRACK Toc[MAX_TRACKS];
    int TocChecksum;
    int Volume[2];
    int VolumeRamp[4];
    unsigned int Plays;
    unsigned int Pauses;
    int EventSignaled;
} DEVICE_EXTENSION;

typedef struct _DEVICE_OBJECT {
    DEVICE_EXTENSION *DeviceExtension;
    struct _DEVICE_OBJECT *LowerDevice;
} DEVICE_OBJECT;

int Trace[8];
int TraceCount;

void CdTrace(int code)
{
    Trace[TraceCount & 7] = code;
    TraceCount++;
}

void IoMarkIrpPending(IRP *Irp)
{
    Irp->MarkedPending = 1;
}

void IoCompleteRequest(IRP *Irp)
{
    if (Irp->CompleteCount != 0) {
        reach_error();
        abort();
    }
    Irp->CompleteCount = 1;
}

int CdAudioPlayCompletion(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    if (Irp->PendingReturned) {
        IoMarkIrpPending(Irp);
    }
    if (Irp->Status >= 0) {
        ext->PlayActive = 1;
        ext->Paused = 0;
        ext->Plays++;
    }
    return STATUS_SUCCESS;
}

int CdAudioSignalCompletion(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DeviceObject->DeviceExtension->EventSignaled = 1;
    return STATUS_MORE_PROCESSING_REQUIRED;
}

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

int LowerStatus[3] = {STATUS_SUCCESS, STATUS_PENDING, STATUS_UNSUCCESSFUL};

/* The lower (class) driver: it answers with an arbitrary status, perhaps STATUS_PENDING, then
 * completes the request, calling the completion routine registered in the next stack location. */
int IoCallDriver(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    int status = LowerStatus[choose(3)];
    int routine = Irp->Stack[1].CompletionRoutine;
    int result = STATUS_SUCCESS;
    if (status == STATUS_PENDING) {
        Irp->PendingReturned = 1;
        Irp->Status = STATUS_SUCCESS;
    } else {
        Irp->Status = status;
    }
    if (routine == COMPLETION_PLAY) {
        result = CdAudioPlayCompletion(DeviceObject, Irp);
    } else if (routine == COMPLETION_SIGNAL) {
        result = CdAudioSignalCompletion(DeviceObject, Irp);
    } else if (Irp->PendingReturned) {
        IoMarkIrpPending(Irp);
    }
    if (result != STATUS_MORE_PROCESSING_REQUIRED) {
        IoCompleteRequest(Irp);
    }
    return status;
}

void IoCopyCurrentIrpStackLocationToNext(IRP *Irp)
{
    Irp->Stack[1].MajorFunction = Irp->Stack[0].MajorFunction;
    Irp->Stack[1].IoControlCode = Irp->Stack[0].IoControlCode;
    Irp->Stack[1].InputBufferLength = Irp->Stack[0].InputBufferLength;
    Irp->Stack[1].OutputBufferLength = Irp->Stack[0].OutputBufferLength;
    Irp->Stack[1].CompletionRoutine = NO_COMPLETION;
}

int CdAudioSendToNextDriver(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    IoCopyCurrentIrpStackLocationToNext(Irp);
    return IoCallDriver(DeviceObject->LowerDevice, Irp);
}

/* Forward and wait: the completion routine signals and returns MORE_PROCESSING_REQUIRED, so
 * the request is ours again afterwards. */
int CdAudioForwardAndWait(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    int status;
    IoCopyCurrentIrpStackLocationToNext(Irp);
    Irp->Stack[1].CompletionRoutine = COMPLETION_SIGNAL;
    DeviceObject->DeviceExtension->EventSignaled = 0;
    status = IoCallDriver(DeviceObject->LowerDevice, Irp);
    if (status == STATUS_PENDING) {
        status = Irp->Status;
    }
    Irp->PendingReturned = 0;
    return status;
}

int CdAudioComplete(IRP *Irp, int status, unsigned int information)
{
    Irp->Status = status;
    Irp->Information = information;
    IoCompleteRequest(Irp);
    return status;
}

int CdAudioReadToc(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    int status;
    int i;
    int n;
    if (Irp->Stack[0].OutputBufferLength < 2) {
        return CdAudioComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
    }
    status = CdAudioForwardAndWait(DeviceObject, Irp);
    if (status < 0) {
        ext->TocValid = 0;
        return CdAudioComplete(Irp, status, 0);
    }
    ext->FirstTrack = Irp->SystemBuffer[0];
    ext->LastTrack = Irp->SystemBuffer[1];
    if (ext->FirstTrack < 1 || ext->LastTrack < ext->FirstTrack || ext->LastTrack > MAX_TRACKS) {
        ext->TocValid = 0;
        return CdAudioComplete(Irp, STATUS_UNSUCCESSFUL, 0);
    }
    n = ext->LastTrack - ext->FirstTrack + 1;
    ext->TocChecksum = 0;
    for (i = 0; i < n; i++) {
        ext->Toc[i].Number = ext->FirstTrack + i;
        ext->Toc[i].StartMsf = Irp->SystemBuffer[2 + i];
        ext->Toc[i].Audio = (Irp->SystemBuffer[2 + i] & 4) == 0;
        ext->TocChecksum = ext->TocChecksum * 3 + ext->Toc[i].StartMsf % 1000;
    }
    ext->TocValid = 1;
    CdTrace(n);
    return CdAudioComplete(Irp, STATUS_SUCCESS, 2 + n);
}

int CdAudioPlay(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    int track;
    if (Irp->Stack[0].InputBufferLength < 1) {
        return CdAudioComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
    }
    if (!ext->TocValid) {
        return CdAudioComplete(Irp, STATUS_DEVICE_BUSY, 0);
    }
    track = Irp->SystemBuffer[0];
    if (track < ext->FirstTrack || track > ext->LastTrack) {
        return CdAudioComplete(Irp, STATUS_INVALID_PARAMETER, 0);
    }
    if (!ext->Toc[track - ext->FirstTrack].Audio) {
        return CdAudioComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
    }
    IoCopyCurrentIrpStackLocationToNext(Irp);
    Irp->Stack[1].CompletionRoutine = COMPLETION_PLAY;
    return IoCallDriver(DeviceObject->LowerDevice, Irp);
}

int CdAudioSetVolume(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    int i;
    int step;
    if (Irp->Stack[0].InputBufferLength < 2) {
        return CdAudioComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
    }
    for (i = 0; i < 2; i++) {
        int v = Irp->SystemBuffer[i];
        ext->Volume[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    step = (ext->Volume[0] - ext->VolumeRamp[3]) / 4;
    for (i = 0; i < 4; i++) {
        ext->VolumeRamp[i] = ext->VolumeRamp[3] + step * (i + 1);
    }
    return CdAudioSendToNextDriver(DeviceObject, Irp);
}

int CdAudioDeviceControl(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    DEVICE_EXTENSION *ext = DeviceObject->DeviceExtension;
    int status;
    switch (Irp->Stack[0].IoControlCode) {
    case IOCTL_CDROM_READ_TOC:
        return CdAudioReadToc(DeviceObject, Irp);
    case IOCTL_CDROM_PLAY_AUDIO_MSF:
        return CdAudioPlay(DeviceObject, Irp);
    case IOCTL_CDROM_PAUSE_AUDIO:
        if (!ext->PlayActive) {
            return CdAudioComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
        }
        status = CdAudioForwardAndWait(DeviceObject, Irp);
        if (status >= 0) {
            ext->Paused = 1;
            ext->Pauses++;
        }
        return CdAudioComplete(Irp, status, 0);
    case IOCTL_CDROM_RESUME_AUDIO:
        if (!ext->Paused) {
            return CdAudioComplete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
        }
        ext->Paused = 0;
        return CdAudioSendToNextDriver(DeviceObject, Irp);
    case IOCTL_CDROM_STOP_AUDIO:
        ext->PlayActive = 0;
        ext->Paused = 0;
        return CdAudioSendToNextDriver(DeviceObject, Irp);
    case IOCTL_CDROM_GET_VOLUME:
        if (Irp->Stack[0].OutputBufferLength < 2) {
            return CdAudioComplete(Irp, STATUS_BUFFER_TOO_SMALL, 0);
        }
        Irp->SystemBuffer[0] = ext->Volume[0];
        Irp->SystemBuffer[1] = ext->Volume[1];
        return CdAudioComplete(Irp, STATUS_SUCCESS, 2);
    case IOCTL_CDROM_SET_VOLUME:
        return CdAudioSetVolume(DeviceObject, Irp);
    default:
        return CdAudioSendToNextDriver(DeviceObject, Irp);
    }
}

int CdAudioDispatch(DEVICE_OBJECT *DeviceObject, IRP *Irp)
{
    CdTrace(Irp->Stack[0].MajorFunction);
    switch (Irp->Stack[0].MajorFunction) {
    case IRP_MJ_DEVICE_CONTROL:
        return CdAudioDeviceControl(DeviceObject, Irp);
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return CdAudioComplete(Irp, STATUS_SUCCESS, 0);
    default:
        return CdAudioSendToNextDriver(DeviceObject, Irp);
    }
}

int MajorCodes[4] = {IRP_MJ_DEVICE_CONTROL, IRP_MJ_CREATE, IRP_MJ_READ, IRP_MJ_DEVICE_CONTROL};
unsigned int IoctlCodes[8] = {IOCTL_CDROM_READ_TOC, IOCTL_CDROM_PLAY_AUDIO_MSF, IOCTL_CDROM_PAUSE_AUDIO,
                              IOCTL_CDROM_RESUME_AUDIO, IOCTL_CDROM_STOP_AUDIO, IOCTL_CDROM_GET_VOLUME,
                              IOCTL_CDROM_SET_VOLUME, 0x024030};

int main(void)
{
    DEVICE_EXTENSION extension;
    DEVICE_OBJECT device, lower;
    IRP irp;
    int status;
    int i;
    device.DeviceExtension = &extension;
    device.LowerDevice = &lower;
    lower.DeviceExtension = &extension;
    lower.LowerDevice = 0;
    extension.PlayActive = __VERIFIER_nondet_int() != 0;
    extension.Paused = extension.PlayActive && __VERIFIER_nondet_int() != 0;
    extension.TocValid = 0;
    extension.FirstTrack = 1;
    extension.LastTrack = 0;
    for (i = 0; i < MAX_TRACKS; i++) {
        extension.Toc[i].Number = 0;
        extension.Toc[i].StartMsf = 0;
        extension.Toc[i].Audio = 0;
    }
    if (__VERIFIER_nondet_int()) {
        extension.TocValid = 1;
        extension.LastTrack = 1 + choose(MAX_TRACKS);
        for (i = 0; i < extension.LastTrack; i++) {
            extension.Toc[i].Number = i + 1;
            extension.Toc[i].Audio = __VERIFIER_nondet_int() != 0;
        }
    }
    extension.TocChecksum = 0;
    extension.Volume[0] = 128;
    extension.Volume[1] = 128;
    for (i = 0; i < 4; i++) {
        extension.VolumeRamp[i] = 128;
    }
    extension.Plays = 0;
    extension.Pauses = 0;
    extension.EventSignaled = 0;
    TraceCount = 0;

    irp.Status = 0;
    irp.Information = 0;
    irp.PendingReturned = 0;
    irp.MarkedPending = 0;
    irp.CompleteCount = 0;
    irp.CurrentLocation = 0;
    irp.Stack[0].MajorFunction = MajorCodes[choose(4)];
    irp.Stack[0].IoControlCode = IoctlCodes[choose(8)];
    irp.Stack[0].InputBufferLength = __VERIFIER_nondet_uint();
    irp.Stack[0].OutputBufferLength = __VERIFIER_nondet_uint();
    irp.Stack[0].CompletionRoutine = NO_COMPLETION;
    irp.Stack[1].CompletionRoutine = NO_COMPLETION;
    for (i = 0; i < 8; i++) {
        irp.SystemBuffer[i] = __VERIFIER_nondet_int();
    }
    status = CdAudioDispatch(&device, &irp);
    __VERIFIER_assert((status == STATUS_PENDING) == (irp.MarkedPending == 1));
    __VERIFIER_assert(irp.CompleteCount == 1);
    return 0;
}
