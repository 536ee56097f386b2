// kappa-expect: verdict=true
// cdaudio_like: a driver-like program in the style of SV-COMP's ntdrivers-simplified (the request protocol is followed); written by bench/slice/gen_drivers.py
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int KernelMode, Executive, DevicePowerState, s, UNLOADED, NP, DC, SKIP1, SKIP2, MPR1, MPR3, IPC;
int pended, compFptr, compRegistered, lowerDriverReturn, setEventCalled, customIrp, myStatus;

void errorFn(void)
{
    reach_error();
    abort();
}

void _BLAST_init(void)
{
    UNLOADED = 0;
    NP = 1;
    DC = 2;
    SKIP1 = 3;
    SKIP2 = 4;
    MPR1 = 5;
    MPR3 = 6;
    IPC = 7;
    s = UNLOADED;
    pended = 0;
    compFptr = 0;
    compRegistered = 0;
    lowerDriverReturn = 0;
    setEventCalled = 0;
    customIrp = 0;
}

void stubMoreProcessingRequired(void)
{
    if (s == NP) {
        s = MPR1;
    } else {
        errorFn();
    }
}

int KeSetEvent(int Event, int Increment, int Wait)
{
    int l = __VERIFIER_nondet_int();
    setEventCalled = 1;
    return l;
}

int CompletionRoutine(int DeviceObject, int Irp, int Context)
{
    int event;
    event = Context;
    KeSetEvent(event, 0, 0);
    return -1073741802;
}

int IofCallDriver(int DeviceObject, int Irp)
{
    int returnVal2;
    int compRetStatus;
    int lcontext = __VERIFIER_nondet_int();
    int tmp_ndt;
    if (compRegistered) {
        compRetStatus = CompletionRoutine(DeviceObject, Irp, lcontext);
        if (compRetStatus == -1073741802) {
            stubMoreProcessingRequired();
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        returnVal2 = 0;
    } else {
        if (tmp_ndt == 1) {
            returnVal2 = -1073741823;
        } else {
            returnVal2 = 259;
        }
    }
    if (s == NP) {
        s = IPC;
        lowerDriverReturn = returnVal2;
    } else {
        if (s == MPR1) {
            if (returnVal2 == 259) {
                s = MPR3;
                lowerDriverReturn = returnVal2;
            } else {
                s = NP;
                lowerDriverReturn = returnVal2;
            }
        } else {
            if (s == SKIP1) {
                s = SKIP2;
                lowerDriverReturn = returnVal2;
            } else {
                errorFn();
            }
        }
    }
    return returnVal2;
}

void IofCompleteRequest(int Irp, int PriorityBoost)
{
    if (s == NP) {
        s = DC;
    } else {
        errorFn();
    }
}

int KeWaitForSingleObject(int Object, int WaitReason, int WaitMode, int Alertable, int Timeout)
{
    int tmp_ndt;
    if (s == MPR3) {
        if (setEventCalled == 1) {
            s = NP;
            setEventCalled = 0;
        } else {
            goto _L;
        }
    } else {
_L:
        if (customIrp == 1) {
            s = NP;
            customIrp = 0;
        } else {
            if (s == MPR3) {
                errorFn();
            }
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        return 0;
    } else {
        return -1073741823;
    }
}

int PoCallDriver(int DeviceObject, int Irp)
{
    int compRetStatus;
    int returnVal;
    int lcontext = __VERIFIER_nondet_int();
    int tmp_ndt;
    if (compRegistered) {
        compRetStatus = CompletionRoutine(DeviceObject, Irp, lcontext);
        if (compRetStatus == -1073741802) {
            stubMoreProcessingRequired();
        }
    }
    tmp_ndt = __VERIFIER_nondet_int();
    if (tmp_ndt == 0) {
        returnVal = 0;
    } else {
        returnVal = -1073741823;
    }
    if (s == NP) {
        s = IPC;
        lowerDriverReturn = returnVal;
    } else {
        if (s == MPR1) {
            s = NP;
            lowerDriverReturn = returnVal;
        } else {
            if (s == SKIP1) {
                s = SKIP2;
                lowerDriverReturn = returnVal;
            } else {
                errorFn();
            }
        }
    }
    return returnVal;
}

int Cdaudio_Dispatch0(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int devExt__ReadCount = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    devExt__Started = __VERIFIER_nondet_int();
    if (devExt__Toc == 1) {
        currentIrpStack__Flags = __VERIFIER_nondet_int();
    }
    information = devExt__Toc * 6 + devExt__ReadCount;
    cdb__OperationCode = __VERIFIER_nondet_int();
    devExt__Started = __VERIFIER_nondet_int();
    for (i1 = 0; i1 < 3; i1++) {
        currentIrpStack__Flags = currentIrpStack__Flags + cdb__OperationCode;
    }
    if (devExt__ReadCount == 0) {
        cdb__OperationCode = __VERIFIER_nondet_int();
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (devExt__Toc == 0) {
            devExt__WriteCount = __VERIFIER_nondet_int();
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        for (i2 = 0; i2 < 2; i2++) {
            cdb__OperationCode = cdb__OperationCode + devExt__ReadCount;
        }
        currentIrpStack__Flags = (cdb__OperationCode & 15);
        if (cdb__OperationCode == 3) {
            devExt__Toc = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__WriteCount = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 3:
        if (cdb__OperationCode == 3) {
            devExt__Started = __VERIFIER_nondet_int();
        }
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Started = 1;
            devExt__Toc = currentIrpStack__Flags + information;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        devExt__Toc = __VERIFIER_nondet_int();
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (cdb__OperationCode == 0) {
            devExt__Toc = __VERIFIER_nondet_int();
        }
        if (devExt__Started == 3) {
            cdb__OperationCode = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    default:
        if (devExt__WriteCount < 35) {
            devExt__Toc = devExt__Toc + 3;
            information = devExt__WriteCount;
        } else {
            devExt__Toc = devExt__WriteCount - 8;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    cdb__OperationCode = (devExt__Started & 7);
    devExt__WriteCount = devExt__Toc + information;
    return status;
}

int Cdaudio_Dispatch1(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Enabled = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5;
    status = 0;
    information = 0;
    for (i1 = 0; i1 < 2; i1++) {
        devExt__Flags = devExt__Flags + devExt__Enabled;
    }
    if (devExt__Enabled < 44) {
        buffer__Size = buffer__Size + 2;
        information = devExt__Enabled;
    } else {
        buffer__Size = devExt__Enabled - 8;
    }
    if (devExt__SurpriseRemoved > devExt__Enabled) {
        devExt__SurpriseRemoved = devExt__Enabled;
    }
    devExt__SurpriseRemoved = (devExt__Started & 15);
    for (i2 = 0; i2 < 3; i2++) {
        devExt__Flags = devExt__Flags + buffer__Size;
    }
    if (cdb__OperationCode > devExt__Started) {
        cdb__OperationCode = devExt__Started;
    }
    devExt__Enabled = __VERIFIER_nondet_int();
    switch (irpStack__MinorFunction) {
    case 0:
        if (buffer__Size == 1) {
            devExt__Started = __VERIFIER_nondet_int();
        }
        devExt__SurpriseRemoved = (devExt__Started & 1);
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        for (i3 = 0; i3 < 3; i3++) {
            devExt__Flags = devExt__Flags + devExt__Started;
        }
        information = devExt__Enabled * 8 + cdb__OperationCode;
        devExt__Enabled = (buffer__Size & 1);
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        information = devExt__Flags * 7 + devExt__Started;
        for (i4 = 0; i4 < 3; i4++) {
            buffer__Size = buffer__Size + devExt__SurpriseRemoved;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__Flags = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__SurpriseRemoved = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 3:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Flags = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__SurpriseRemoved = devExt__Enabled + information;
        cdb__OperationCode = (devExt__Flags & 7);
        if (devExt__Flags == 1) {
            devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (devExt__SurpriseRemoved == 3) {
            buffer__Size = __VERIFIER_nondet_int();
        }
        devExt__Enabled = __VERIFIER_nondet_int();
        buffer__Size = __VERIFIER_nondet_int();
        for (i5 = 0; i5 < 2; i5++) {
            devExt__Enabled = devExt__Enabled + devExt__Flags;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 5:
        devExt__Started = devExt__Enabled + information;
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            buffer__Size = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Enabled = __VERIFIER_nondet_int();
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Enabled = 1;
            information = devExt__Flags * 8 + devExt__SurpriseRemoved;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            cdb__OperationCode = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    information = devExt__Flags * 6 + devExt__SurpriseRemoved;
    if (devExt__Started > devExt__Flags) {
        devExt__Started = devExt__Flags;
    }
    return status;
}

int Cdaudio_Dispatch2(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int i1, i2, i3, i4;
    status = 0;
    information = 0;
    if (devExt__Retries < 28) {
        devExt__SurpriseRemoved = devExt__SurpriseRemoved + 3;
        information = devExt__Retries;
    } else {
        devExt__SurpriseRemoved = devExt__Retries - 6;
    }
    if (devExt__Retries > devExt__Flags) {
        devExt__Retries = devExt__Flags;
    }
    buffer__Size = __VERIFIER_nondet_int();
    devExt__Flags = __VERIFIER_nondet_int();
    irpStack__Parameters__Offset = devExt__SurpriseRemoved + information;
    if (buffer__Size == 3) {
        devExt__WriteCount = __VERIFIER_nondet_int();
    }
    if (irpStack__Parameters__Length < 32) {
        information = 0;
        irpStack__Parameters__Offset = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (devExt__Flags == 2) {
            devExt__Retries = __VERIFIER_nondet_int();
        }
        devExt__Retries = devExt__Flags + information;
        if (irpStack__Parameters__Offset > devExt__SurpriseRemoved) {
            irpStack__Parameters__Offset = devExt__SurpriseRemoved;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        information = irpStack__Parameters__Offset * 2 + devExt__SurpriseRemoved;
        if (irpStack__Parameters__Offset < 27) {
            devExt__WriteCount = devExt__WriteCount + 2;
            information = irpStack__Parameters__Offset;
        } else {
            devExt__WriteCount = irpStack__Parameters__Offset - 7;
        }
        devExt__WriteCount = devExt__Retries + information;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            irpStack__Parameters__Offset = 1;
            for (i1 = 0; i1 < 3; i1++) {
                buffer__Size = buffer__Size + irpStack__Parameters__Offset;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        for (i2 = 0; i2 < 2; i2++) {
            devExt__Flags = devExt__Flags + devExt__Retries;
        }
        information = devExt__WriteCount * 2 + irpStack__Parameters__Offset;
        if (buffer__Size == 0) {
            devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        }
        devExt__WriteCount = devExt__SurpriseRemoved + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 3:
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        devExt__Retries = (buffer__Size & 255);
        if (devExt__SurpriseRemoved < 13) {
            devExt__Retries = devExt__Retries + 3;
            information = devExt__SurpriseRemoved;
        } else {
            devExt__Retries = devExt__SurpriseRemoved - 8;
        }
        irpStack__Parameters__Offset = (buffer__Size & 1);
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        if (devExt__WriteCount < 32) {
            buffer__Size = buffer__Size + 3;
            information = devExt__WriteCount;
        } else {
            buffer__Size = devExt__WriteCount - 8;
        }
        for (i3 = 0; i3 < 2; i3++) {
            devExt__WriteCount = devExt__WriteCount + irpStack__Parameters__Offset;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 5:
        information = devExt__Flags * 7 + devExt__SurpriseRemoved;
        information = irpStack__Parameters__Offset * 5 + buffer__Size;
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        for (i4 = 0; i4 < 2; i4++) {
            devExt__Flags = devExt__Flags + devExt__WriteCount;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    if (irpStack__Parameters__Offset < 59) {
        devExt__SurpriseRemoved = devExt__SurpriseRemoved + 2;
        information = irpStack__Parameters__Offset;
    } else {
        devExt__SurpriseRemoved = irpStack__Parameters__Offset - 3;
    }
    return status;
}

int Cdaudio_Dispatch3(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int devExt__PowerState = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5;
    status = 0;
    information = 0;
    if (currentIrpStack__Flags > devExt__SurpriseRemoved) {
        currentIrpStack__Flags = devExt__SurpriseRemoved;
    }
    if (devExt__SurpriseRemoved < 31) {
        buffer__Size = buffer__Size + 2;
        information = devExt__SurpriseRemoved;
    } else {
        buffer__Size = devExt__SurpriseRemoved - 2;
    }
    if (buffer__Size == 1) {
        srb__Length = __VERIFIER_nondet_int();
    }
    if (devExt__SurpriseRemoved < 23) {
        cdb__OperationCode = cdb__OperationCode + 2;
        information = devExt__SurpriseRemoved;
    } else {
        cdb__OperationCode = devExt__SurpriseRemoved - 5;
    }
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        buffer__Size = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (devExt__PowerState > cdb__OperationCode) {
        devExt__PowerState = cdb__OperationCode;
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        cdb__OperationCode = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        buffer__Size = (devExt__PowerState & 3);
        if (srb__Length < 17) {
            cdb__OperationCode = cdb__OperationCode + 3;
            information = srb__Length;
        } else {
            cdb__OperationCode = srb__Length - 7;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            devExt__SurpriseRemoved = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            buffer__Size = 1;
            for (i1 = 0; i1 < 2; i1++) {
                buffer__Size = buffer__Size + srb__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        buffer__Size = currentIrpStack__Flags + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        for (i2 = 0; i2 < 2; i2++) {
            devExt__SurpriseRemoved = devExt__SurpriseRemoved + buffer__Size;
        }
        currentIrpStack__Flags = devExt__PowerState + information;
        cdb__OperationCode = devExt__PowerState + information;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            cdb__OperationCode = 1;
            if (devExt__PowerState < 37) {
                currentIrpStack__Flags = currentIrpStack__Flags + 2;
                information = devExt__PowerState;
            } else {
                currentIrpStack__Flags = devExt__PowerState - 2;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (cdb__OperationCode == 0) {
            devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        }
        cdb__OperationCode = __VERIFIER_nondet_int();
        for (i3 = 0; i3 < 3; i3++) {
            cdb__OperationCode = cdb__OperationCode + devExt__SurpriseRemoved;
        }
        cdb__OperationCode = (devExt__SurpriseRemoved & 15);
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            buffer__Size = 1;
            information = cdb__OperationCode * 5 + srb__Length;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        for (i4 = 0; i4 < 2; i4++) {
            devExt__SurpriseRemoved = devExt__SurpriseRemoved + buffer__Size;
        }
        buffer__Size = __VERIFIER_nondet_int();
        srb__Length = (currentIrpStack__Flags & 15);
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 5:
        devExt__PowerState = cdb__OperationCode + information;
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        information = devExt__SurpriseRemoved * 5 + devExt__PowerState;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (cdb__OperationCode == 0) {
        currentIrpStack__Flags = __VERIFIER_nondet_int();
    }
    for (i5 = 0; i5 < 2; i5++) {
        devExt__PowerState = devExt__PowerState + cdb__OperationCode;
    }
    return status;
}

int Cdaudio_Dispatch4(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int i1, i2, i3;
    status = 0;
    information = 0;
    information = devExt__Removed * 8 + devExt__Flags;
    for (i1 = 0; i1 < 2; i1++) {
        irpStack__Parameters__Offset = irpStack__Parameters__Offset + devExt__Retries;
    }
    devExt__Retries = __VERIFIER_nondet_int();
    diskCounters__Reads = devExt__Retries + information;
    if (devExt__Flags < 16) {
        diskCounters__Reads = diskCounters__Reads + 1;
        information = devExt__Flags;
    } else {
        diskCounters__Reads = devExt__Flags - 3;
    }
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        diskCounters__Reads = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    devExt__Flags = devExt__Retries + information;
    switch (irpStack__MinorFunction) {
    case 0:
        if (diskCounters__Reads == 1) {
            srb__CdbLength = __VERIFIER_nondet_int();
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        if (devExt__Flags < 56) {
            diskCounters__Reads = diskCounters__Reads + 2;
            information = devExt__Flags;
        } else {
            diskCounters__Reads = devExt__Flags - 3;
        }
        devExt__Retries = __VERIFIER_nondet_int();
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 2:
        devExt__Retries = devExt__Flags + information;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            diskCounters__Reads = 1;
            if (devExt__Retries > irpStack__Parameters__Offset) {
                devExt__Retries = irpStack__Parameters__Offset;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        information = devExt__Retries * 4 + srb__CdbLength;
        information = diskCounters__Reads * 5 + devExt__Retries;
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            srb__CdbLength = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        devExt__Retries = __VERIFIER_nondet_int();
        irpStack__Parameters__Offset = (diskCounters__Reads & 255);
        diskCounters__Reads = devExt__Removed + information;
        for (i2 = 0; i2 < 3; i2++) {
            devExt__Retries = devExt__Retries + devExt__Removed;
        }
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (devExt__Removed == 1) {
            irpStack__Parameters__Offset = __VERIFIER_nondet_int();
        }
        for (i3 = 0; i3 < 2; i3++) {
            srb__CdbLength = srb__CdbLength + diskCounters__Reads;
        }
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            devExt__Retries = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Removed == 1) {
            srb__CdbLength = __VERIFIER_nondet_int();
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (devExt__Flags < 26) {
            devExt__Removed = devExt__Removed + 2;
            information = devExt__Flags;
        } else {
            devExt__Removed = devExt__Flags - 1;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        srb__CdbLength = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        irpStack__Parameters__Offset = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Cdaudio_Dispatch5(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int i1, i2, i3, i4, i5;
    status = 0;
    information = 0;
    information = devExt__Retries * 7 + devExt__Started;
    devExt__Started = diskCounters__Reads + information;
    for (i1 = 0; i1 < 2; i1++) {
        devExt__Started = devExt__Started + irpStack__Parameters__Type;
    }
    if (irpStack__Parameters__Type > diskCounters__Reads) {
        irpStack__Parameters__Type = diskCounters__Reads;
    }
    for (i2 = 0; i2 < 2; i2++) {
        diskCounters__Reads = diskCounters__Reads + buffer__Size;
    }
    devExt__Started = (irpStack__Parameters__Type & 7);
    for (i3 = 0; i3 < 2; i3++) {
        cdb__OperationCode = cdb__OperationCode + devExt__Started;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        cdb__OperationCode = buffer__Size + information;
        information = devExt__Retries * 6 + irpStack__Parameters__Type;
        information = buffer__Size * 7 + devExt__Retries;
        devExt__Started = __VERIFIER_nondet_int();
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        buffer__Size = (cdb__OperationCode & 255);
        irpStack__Parameters__Type = buffer__Size + information;
        devExt__Retries = cdb__OperationCode + information;
        buffer__Size = __VERIFIER_nondet_int();
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 2:
        if (buffer__Size == 1) {
            devExt__Started = __VERIFIER_nondet_int();
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        devExt__Retries = (irpStack__Parameters__Type & 15);
        if (devExt__Started < 15) {
            cdb__OperationCode = cdb__OperationCode + 3;
            information = devExt__Started;
        } else {
            cdb__OperationCode = devExt__Started - 4;
        }
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 4:
        for (i4 = 0; i4 < 3; i4++) {
            devExt__Started = devExt__Started + devExt__Retries;
        }
        for (i5 = 0; i5 < 2; i5++) {
            devExt__Retries = devExt__Retries + cdb__OperationCode;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 5:
        if (irpStack__Parameters__Type < 55) {
            cdb__OperationCode = cdb__OperationCode + 2;
            information = irpStack__Parameters__Type;
        } else {
            cdb__OperationCode = irpStack__Parameters__Type - 5;
        }
        if (devExt__Retries < 56) {
            devExt__Started = devExt__Started + 1;
            information = devExt__Retries;
        } else {
            devExt__Started = devExt__Retries - 7;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (buffer__Size > irpStack__Parameters__Type) {
            buffer__Size = irpStack__Parameters__Type;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Type < 45) {
        buffer__Size = buffer__Size + 4;
        information = irpStack__Parameters__Type;
    } else {
        buffer__Size = irpStack__Parameters__Type - 4;
    }
    if (irpStack__Parameters__Length < 8) {
        information = 0;
        cdb__OperationCode = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Cdaudio_Dispatch6(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    int devExt__Timeout = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    devExt__SurpriseRemoved = __VERIFIER_nondet_int();
    diskCounters__Reads = (devExt__Timeout & 1);
    diskCounters__Reads = devExt__SurpriseRemoved + information;
    if (irpStack__Parameters__Length < 4) {
        information = 0;
        devExt__WriteCount = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    devExt__WriteCount = (diskCounters__Reads & 255);
    if (irpStack__Parameters__Type > devExt__SurpriseRemoved) {
        irpStack__Parameters__Type = devExt__SurpriseRemoved;
    }
    if (devExt__WriteCount == 1) {
        devExt__Retries = __VERIFIER_nondet_int();
    }
    switch (irpStack__MinorFunction) {
    case 0:
        for (i1 = 0; i1 < 3; i1++) {
            devExt__Retries = devExt__Retries + devExt__Timeout;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        for (i2 = 0; i2 < 2; i2++) {
            devExt__SurpriseRemoved = devExt__SurpriseRemoved + devExt__Timeout;
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__Timeout = devExt__SurpriseRemoved + information;
        information = diskCounters__Reads * 7 + irpStack__Parameters__Type;
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Timeout = 1;
            diskCounters__Reads = (devExt__SurpriseRemoved & 15);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        devExt__Retries = __VERIFIER_nondet_int();
        if (devExt__SurpriseRemoved < 21) {
            devExt__Retries = devExt__Retries + 4;
            information = devExt__SurpriseRemoved;
        } else {
            devExt__Retries = devExt__SurpriseRemoved - 7;
        }
        if (devExt__Retries == 1) {
            diskCounters__Reads = __VERIFIER_nondet_int();
        }
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Timeout = 1;
            if (irpStack__Parameters__Type == 3) {
                devExt__Timeout = __VERIFIER_nondet_int();
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (irpStack__Parameters__Length < 8) {
            information = 0;
            devExt__WriteCount = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        irpStack__Parameters__Type = __VERIFIER_nondet_int();
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 4:
        if (devExt__Retries > devExt__SurpriseRemoved) {
            devExt__Retries = devExt__SurpriseRemoved;
        }
        if (devExt__WriteCount == 3) {
            diskCounters__Reads = __VERIFIER_nondet_int();
        }
        if (devExt__SurpriseRemoved < 44) {
            diskCounters__Reads = diskCounters__Reads + 4;
            information = devExt__SurpriseRemoved;
        } else {
            diskCounters__Reads = devExt__SurpriseRemoved - 8;
        }
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        information = devExt__WriteCount * 5 + devExt__Retries;
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    default:
        if (devExt__WriteCount > irpStack__Parameters__Type) {
            devExt__WriteCount = irpStack__Parameters__Type;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__WriteCount == 3) {
        devExt__Retries = __VERIFIER_nondet_int();
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        devExt__Retries = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Cdaudio_Dispatch7(int DeviceObject, int Irp)
{
    int status = __VERIFIER_nondet_int();
    int information = __VERIFIER_nondet_int();
    int event = __VERIFIER_nondet_int();
    int devExt__TopOfStack = __VERIFIER_nondet_int();
    int irpStack__MinorFunction = __VERIFIER_nondet_int();
    int irpStack__Parameters__Length = __VERIFIER_nondet_int();
    int Irp__CurrentLocation = __VERIFIER_nondet_int();
    int Irp__Tail__Overlay__CurrentStackLocation = __VERIFIER_nondet_int();
    int Irp__IoStatus__Status = __VERIFIER_nondet_int();
    int Irp__IoStatus__Information = __VERIFIER_nondet_int();
    int irpSp___0__Control = __VERIFIER_nondet_int();
    int devExt__Paused = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int devExt__PowerState = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int i1, i2, i3;
    status = 0;
    information = 0;
    if (diskCounters__Reads < 19) {
        devExt__Started = devExt__Started + 2;
        information = diskCounters__Reads;
    } else {
        devExt__Started = diskCounters__Reads - 1;
    }
    if (diskCounters__Reads < 18) {
        devExt__Started = devExt__Started + 2;
        information = diskCounters__Reads;
    } else {
        devExt__Started = diskCounters__Reads - 6;
    }
    diskCounters__Reads = srb__Length + information;
    if (irpStack__Parameters__Type == 2) {
        devExt__PowerState = __VERIFIER_nondet_int();
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        diskCounters__Reads = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    if (diskCounters__Reads > devExt__Count) {
        diskCounters__Reads = devExt__Count;
    }
    for (i1 = 0; i1 < 3; i1++) {
        irpStack__Parameters__Type = irpStack__Parameters__Type + devExt__Count;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (irpStack__Parameters__Length < 4) {
            information = 0;
            diskCounters__Reads = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        irpStack__Parameters__Type = (devExt__Started & 1);
        information = devExt__Started * 7 + devExt__Count;
        devExt__Started = __VERIFIER_nondet_int();
        if (s != NP) {
            errorFn();
        } else {
            if (compRegistered != 0) {
                errorFn();
            } else {
                compRegistered = 1;
            }
        }
        irpSp___0__Control = 224;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        if (status == 259) {
            KeWaitForSingleObject(event, Executive, KernelMode, 0, 0);
            status = myStatus;
        }
        if (status >= 0) {
            devExt__Started = 1;
            for (i2 = 0; i2 < 2; i2++) {
                devExt__Started = devExt__Started + devExt__PowerState;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        srb__Length = diskCounters__Reads + information;
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 2:
        if (devExt__Count < 34) {
            irpStack__Parameters__Type = irpStack__Parameters__Type + 3;
            information = devExt__Count;
        } else {
            irpStack__Parameters__Type = devExt__Count - 4;
        }
        if (srb__Length < 19) {
            devExt__Started = devExt__Started + 3;
            information = srb__Length;
        } else {
            devExt__Started = srb__Length - 5;
        }
        if (irpStack__Parameters__Type > diskCounters__Reads) {
            irpStack__Parameters__Type = diskCounters__Reads;
        }
        devExt__PowerState = __VERIFIER_nondet_int();
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    case 3:
        devExt__Count = __VERIFIER_nondet_int();
        if (irpStack__Parameters__Length < 16) {
            information = 0;
            devExt__Count = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        if (devExt__Started < 26) {
            irpStack__Parameters__Type = irpStack__Parameters__Type + 4;
            information = devExt__Started;
        } else {
            irpStack__Parameters__Type = devExt__Started - 4;
        }
        devExt__Count = __VERIFIER_nondet_int();
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        Irp__CurrentLocation = Irp__CurrentLocation + 1;
        Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
        status = IofCallDriver(devExt__TopOfStack, Irp);
        break;
    case 4:
        if (devExt__Started > srb__Length) {
            devExt__Started = srb__Length;
        }
        if (diskCounters__Reads == 0) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        if (devExt__Started > irpStack__Parameters__Type) {
            devExt__Started = irpStack__Parameters__Type;
        }
        devExt__Started = (devExt__Count & 3);
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 5:
        if (devExt__Started == 2) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        if (srb__Length > devExt__Count) {
            srb__Length = devExt__Count;
        }
        if (devExt__Started == 1) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        if (devExt__Paused) {
            pended = 1;
            status = 259;
        } else {
            if (s == NP) {
                s = SKIP1;
            } else {
                errorFn();
            }
            Irp__CurrentLocation = Irp__CurrentLocation + 1;
            Irp__Tail__Overlay__CurrentStackLocation = Irp__Tail__Overlay__CurrentStackLocation + 1;
            status = IofCallDriver(devExt__TopOfStack, Irp);
        }
        break;
    default:
        devExt__Started = srb__Length + information;
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (diskCounters__Reads < 27) {
        devExt__Started = devExt__Started + 2;
        information = diskCounters__Reads;
    } else {
        devExt__Started = diskCounters__Reads - 6;
    }
    for (i3 = 0; i3 < 3; i3++) {
        devExt__Started = devExt__Started + srb__Length;
    }
    return status;
}

int main(void)
{
    int status;
    int irp = __VERIFIER_nondet_int();
    int pirp;
    int irp_choice = __VERIFIER_nondet_int();
    int devobj = __VERIFIER_nondet_int();
    int request = __VERIFIER_nondet_int();
    KernelMode = 0;
    Executive = 0;
    DevicePowerState = 1;
    s = 0;
    status = 0;
    pirp = irp;
    _BLAST_init();
    if (status >= 0) {
        s = NP;
        customIrp = 0;
        setEventCalled = customIrp;
        lowerDriverReturn = setEventCalled;
        compRegistered = lowerDriverReturn;
        pended = compRegistered;
        myStatus = 0;
        if (irp_choice == 0) {
            myStatus = -1073741637;
        }
        switch (request) {
        case 0:
            status = Cdaudio_Dispatch0(devobj, pirp);
            break;
        case 1:
            status = Cdaudio_Dispatch1(devobj, pirp);
            break;
        case 2:
            status = Cdaudio_Dispatch2(devobj, pirp);
            break;
        case 3:
            status = Cdaudio_Dispatch3(devobj, pirp);
            break;
        case 4:
            status = Cdaudio_Dispatch4(devobj, pirp);
            break;
        case 5:
            status = Cdaudio_Dispatch5(devobj, pirp);
            break;
        case 6:
            status = Cdaudio_Dispatch6(devobj, pirp);
            break;
        case 7:
            status = Cdaudio_Dispatch7(devobj, pirp);
            break;
        default:
            return -1;
        }
    }
    if (pended == 1) {
        if (s == NP) {
            s = NP;
        } else {
            goto _L___2;
        }
    } else {
_L___2:
        if (pended == 1) {
            if (s == MPR3) {
                s = MPR3;
            } else {
                goto _L___1;
            }
        } else {
_L___1:
            if (s != UNLOADED) {
                if (status != -1) {
                    if (s != SKIP2) {
                        if (s != IPC) {
                            if (s != DC) {
                                errorFn();
                            } else {
                                goto _L___0;
                            }
                        } else {
                            goto _L___0;
                        }
                    } else {
_L___0:
                        if (pended == 1) {
                            if (status != 259) {
                                errorFn();
                            }
                        } else {
                            if (s == DC) {
                                if (status == 259) {
                                    errorFn();
                                }
                            } else {
                                if (status != lowerDriverReturn) {
                                    errorFn();
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return status;
}
