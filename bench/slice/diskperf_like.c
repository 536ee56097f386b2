// kappa-expect: verdict=true
// diskperf_like: a driver-like program in the style of SV-COMP's ntdrivers-simplified (the request protocol is followed); written by bench/slice/gen_drivers.py
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

int Diskperf_Dispatch0(int DeviceObject, int Irp)
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
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int srb__CdbLength = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int devExt__Count = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    for (i1 = 0; i1 < 2; i1++) {
        devExt__Retries = devExt__Retries + srb__CdbLength;
    }
    for (i2 = 0; i2 < 2; i2++) {
        devExt__Retries = devExt__Retries + devExt__Count;
    }
    if (irpStack__Parameters__Type < 34) {
        devExt__Retries = devExt__Retries + 1;
        information = irpStack__Parameters__Type;
    } else {
        devExt__Retries = irpStack__Parameters__Type - 7;
    }
    if (irpStack__Parameters__Type > currentIrpStack__Flags) {
        irpStack__Parameters__Type = currentIrpStack__Flags;
    }
    devExt__Count = __VERIFIER_nondet_int();
    switch (irpStack__MinorFunction) {
    case 0:
        if (devExt__Count == 2) {
            currentIrpStack__Flags = __VERIFIER_nondet_int();
        }
        if (devExt__Count > srb__CdbLength) {
            devExt__Count = srb__CdbLength;
        }
        if (devExt__Count > irpStack__Parameters__Type) {
            devExt__Count = irpStack__Parameters__Type;
        }
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    case 1:
        if (cdb__OperationCode == 3) {
            devExt__Retries = __VERIFIER_nondet_int();
        }
        if (currentIrpStack__Flags == 2) {
            cdb__OperationCode = __VERIFIER_nondet_int();
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
        currentIrpStack__Flags = devExt__Count + information;
        if (irpStack__Parameters__Type < 35) {
            cdb__OperationCode = cdb__OperationCode + 1;
            information = irpStack__Parameters__Type;
        } else {
            cdb__OperationCode = irpStack__Parameters__Type - 5;
        }
        information = devExt__Count * 2 + srb__CdbLength;
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        srb__CdbLength = devExt__Retries + information;
        currentIrpStack__Flags = srb__CdbLength + information;
        if (s == NP) {
            s = SKIP1;
        } else {
            errorFn();
        }
        status = PoCallDriver(devExt__TopOfStack, Irp);
        break;
    default:
        if (irpStack__Parameters__Type == 0) {
            devExt__Count = __VERIFIER_nondet_int();
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (irpStack__Parameters__Length < 32) {
        information = 0;
        srb__CdbLength = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    return status;
}

int Diskperf_Dispatch1(int DeviceObject, int Irp)
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
    int irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int devExt__Started = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    if (devExt__Removed == 1) {
        irpStack__Parameters__Offset = __VERIFIER_nondet_int();
    }
    currentIrpStack__Flags = __VERIFIER_nondet_int();
    if (buffer__Size < 58) {
        irpStack__Parameters__Offset = irpStack__Parameters__Offset + 4;
        information = buffer__Size;
    } else {
        irpStack__Parameters__Offset = buffer__Size - 8;
    }
    for (i1 = 0; i1 < 3; i1++) {
        devExt__Started = devExt__Started + irpStack__Parameters__Offset;
    }
    if (irpStack__Parameters__Length < 24) {
        information = 0;
        devExt__Removed = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        for (i2 = 0; i2 < 2; i2++) {
            devExt__Started = devExt__Started + irpStack__Parameters__Offset;
        }
        currentIrpStack__Flags = devExt__Removed + information;
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
            if (irpStack__Parameters__Type < 8) {
                devExt__Removed = devExt__Removed + 4;
                information = irpStack__Parameters__Type;
            } else {
                devExt__Removed = irpStack__Parameters__Type - 6;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        currentIrpStack__Flags = (devExt__Removed & 15);
        if (devExt__Started < 42) {
            devExt__Removed = devExt__Removed + 3;
            information = devExt__Started;
        } else {
            devExt__Removed = devExt__Started - 7;
        }
        currentIrpStack__Flags = (buffer__Size & 255);
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
        buffer__Size = __VERIFIER_nondet_int();
        devExt__Started = __VERIFIER_nondet_int();
        if (currentIrpStack__Flags > irpStack__Parameters__Type) {
            currentIrpStack__Flags = irpStack__Parameters__Type;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (buffer__Size < 52) {
            currentIrpStack__Flags = currentIrpStack__Flags + 1;
            information = buffer__Size;
        } else {
            currentIrpStack__Flags = buffer__Size - 4;
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
            currentIrpStack__Flags = 1;
            if (irpStack__Parameters__Length < 4) {
                information = 0;
                buffer__Size = -1;
            } else {
                information = irpStack__Parameters__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (irpStack__Parameters__Type > irpStack__Parameters__Offset) {
            irpStack__Parameters__Type = irpStack__Parameters__Offset;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__Started == 1) {
        irpStack__Parameters__Type = __VERIFIER_nondet_int();
    }
    return status;
}

int Diskperf_Dispatch2(int DeviceObject, int Irp)
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
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int i1;
    status = 0;
    information = 0;
    devExt__WriteCount = cdb__OperationCode + information;
    if (irpStack__Parameters__Type < 63) {
        devExt__SurpriseRemoved = devExt__SurpriseRemoved + 4;
        information = irpStack__Parameters__Type;
    } else {
        devExt__SurpriseRemoved = irpStack__Parameters__Type - 7;
    }
    cdb__OperationCode = __VERIFIER_nondet_int();
    cdb__OperationCode = (devExt__WriteCount & 15);
    if (devExt__WriteCount > cdb__OperationCode) {
        devExt__WriteCount = cdb__OperationCode;
    }
    switch (irpStack__MinorFunction) {
    case 0:
        if (srb__Length == 3) {
            devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        }
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__WriteCount = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        if (srb__Length < 24) {
            irpStack__Parameters__Type = irpStack__Parameters__Type + 2;
            information = srb__Length;
        } else {
            irpStack__Parameters__Type = srb__Length - 6;
        }
        if (devExt__Flags < 15) {
            srb__Length = srb__Length + 3;
            information = devExt__Flags;
        } else {
            srb__Length = devExt__Flags - 8;
        }
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
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
            devExt__SurpriseRemoved = 1;
            for (i1 = 0; i1 < 2; i1++) {
                srb__Length = srb__Length + devExt__Flags;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        if (devExt__WriteCount < 31) {
            irpStack__Parameters__Type = irpStack__Parameters__Type + 2;
            information = devExt__WriteCount;
        } else {
            irpStack__Parameters__Type = devExt__WriteCount - 2;
        }
        if (cdb__OperationCode == 3) {
            devExt__Flags = __VERIFIER_nondet_int();
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
            devExt__Flags = 1;
            if (devExt__WriteCount > devExt__SurpriseRemoved) {
                devExt__WriteCount = devExt__SurpriseRemoved;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 3:
        if (devExt__SurpriseRemoved == 1) {
            cdb__OperationCode = __VERIFIER_nondet_int();
        }
        irpStack__Parameters__Type = __VERIFIER_nondet_int();
        if (cdb__OperationCode == 3) {
            devExt__WriteCount = __VERIFIER_nondet_int();
        }
        status = -1073741789;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__WriteCount < 16) {
        devExt__SurpriseRemoved = devExt__SurpriseRemoved + 3;
        information = devExt__WriteCount;
    } else {
        devExt__SurpriseRemoved = devExt__WriteCount - 2;
    }
    return status;
}

int Diskperf_Dispatch3(int DeviceObject, int Irp)
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
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__ReadCount = __VERIFIER_nondet_int();
    int cdb__OperationCode = __VERIFIER_nondet_int();
    int irpStack__Parameters__Type = __VERIFIER_nondet_int();
    int devExt__Retries = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int i1;
    status = 0;
    information = 0;
    for (i1 = 0; i1 < 3; i1++) {
        devExt__Retries = devExt__Retries + devExt__WriteCount;
    }
    if (irpStack__Parameters__Length < 16) {
        information = 0;
        devExt__ReadCount = -1;
    } else {
        information = irpStack__Parameters__Length;
    }
    devExt__Toc = (cdb__OperationCode & 15);
    devExt__ReadCount = (cdb__OperationCode & 255);
    if (devExt__ReadCount == 3) {
        cdb__OperationCode = __VERIFIER_nondet_int();
    }
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__Toc = __VERIFIER_nondet_int();
        devExt__ReadCount = (irpStack__Parameters__Type & 255);
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
            irpStack__Parameters__Type = 1;
            if (devExt__ReadCount > cdb__OperationCode) {
                devExt__ReadCount = cdb__OperationCode;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        information = irpStack__Parameters__Type * 5 + devExt__ReadCount;
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
        if (irpStack__Parameters__Length < 32) {
            information = 0;
            devExt__Retries = -1;
        } else {
            information = irpStack__Parameters__Length;
        }
        devExt__ReadCount = (devExt__Retries & 15);
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
        irpStack__Parameters__Type = (devExt__Toc & 1);
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        devExt__Toc = (cdb__OperationCode & 1);
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    cdb__OperationCode = (irpStack__Parameters__Type & 7);
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
            status = Diskperf_Dispatch0(devobj, pirp);
            break;
        case 1:
            status = Diskperf_Dispatch1(devobj, pirp);
            break;
        case 2:
            status = Diskperf_Dispatch2(devobj, pirp);
            break;
        case 3:
            status = Diskperf_Dispatch3(devobj, pirp);
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
