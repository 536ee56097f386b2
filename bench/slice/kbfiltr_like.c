// kappa-expect: verdict=true
// kbfiltr_like: a driver-like program in the style of SV-COMP's ntdrivers-simplified (the request protocol is followed); written by bench/slice/gen_drivers.py
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

int Kbfiltr_Dispatch0(int DeviceObject, int Irp)
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
    int srb__CdbLength = __VERIFIER_nondet_int();
    int buffer__Size = __VERIFIER_nondet_int();
    int devExt__Enabled = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int i1;
    status = 0;
    information = 0;
    if (srb__CdbLength == 2) {
        devExt__Flags = __VERIFIER_nondet_int();
    }
    if (srb__CdbLength == 0) {
        srb__Length = __VERIFIER_nondet_int();
    }
    srb__Length = (devExt__Flags & 3);
    srb__Length = __VERIFIER_nondet_int();
    switch (irpStack__MinorFunction) {
    case 0:
        buffer__Size = __VERIFIER_nondet_int();
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
            srb__Length = 1;
            devExt__Flags = __VERIFIER_nondet_int();
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        for (i1 = 0; i1 < 3; i1++) {
            buffer__Size = buffer__Size + srb__Length;
        }
        if (irpStack__Parameters__Length < 24) {
            information = 0;
            devExt__Toc = -1;
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
            devExt__Toc = 1;
            information = devExt__Flags * 8 + srb__Length;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        information = devExt__Enabled * 6 + buffer__Size;
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
            srb__CdbLength = __VERIFIER_nondet_int();
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (devExt__Flags < 62) {
            srb__CdbLength = srb__CdbLength + 3;
            information = devExt__Flags;
        } else {
            srb__CdbLength = devExt__Flags - 7;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (srb__CdbLength < 21) {
        devExt__Toc = devExt__Toc + 2;
        information = srb__CdbLength;
    } else {
        devExt__Toc = srb__CdbLength - 1;
    }
    return status;
}

int Kbfiltr_Dispatch1(int DeviceObject, int Irp)
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
    int devExt__Enabled = __VERIFIER_nondet_int();
    int devExt__WriteCount = __VERIFIER_nondet_int();
    int devExt__Toc = __VERIFIER_nondet_int();
    int devExt__Removed = __VERIFIER_nondet_int();
    int i1;
    status = 0;
    information = 0;
    information = devExt__Enabled * 5 + irpStack__Parameters__Type;
    if (devExt__SurpriseRemoved < 53) {
        devExt__Removed = devExt__Removed + 1;
        information = devExt__SurpriseRemoved;
    } else {
        devExt__Removed = devExt__SurpriseRemoved - 1;
    }
    devExt__WriteCount = __VERIFIER_nondet_int();
    if (devExt__Removed == 1) {
        devExt__Toc = __VERIFIER_nondet_int();
    }
    switch (irpStack__MinorFunction) {
    case 0:
        devExt__SurpriseRemoved = devExt__Removed + information;
        devExt__WriteCount = (devExt__Removed & 1);
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
            devExt__WriteCount = 1;
            irpStack__Parameters__Type = (devExt__SurpriseRemoved & 7);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        information = irpStack__Parameters__Type * 3 + devExt__SurpriseRemoved;
        devExt__Removed = (devExt__Toc & 1);
        devExt__SurpriseRemoved = __VERIFIER_nondet_int();
        status = -1073741448;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        devExt__Toc = __VERIFIER_nondet_int();
        information = devExt__WriteCount * 2 + irpStack__Parameters__Type;
        status = 0;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        for (i1 = 0; i1 < 2; i1++) {
            devExt__SurpriseRemoved = devExt__SurpriseRemoved + devExt__Toc;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    if (devExt__Enabled > devExt__Toc) {
        devExt__Enabled = devExt__Toc;
    }
    return status;
}

int Kbfiltr_Dispatch2(int DeviceObject, int Irp)
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
    int devExt__Count = __VERIFIER_nondet_int();
    int currentIrpStack__Flags = __VERIFIER_nondet_int();
    int devExt__Flags = __VERIFIER_nondet_int();
    int diskCounters__Reads = __VERIFIER_nondet_int();
    int srb__Length = __VERIFIER_nondet_int();
    int i1, i2;
    status = 0;
    information = 0;
    for (i1 = 0; i1 < 2; i1++) {
        devExt__Count = devExt__Count + diskCounters__Reads;
    }
    if (srb__Length == 1) {
        diskCounters__Reads = __VERIFIER_nondet_int();
    }
    diskCounters__Reads = (devExt__Flags & 1);
    srb__Length = (buffer__Size & 1);
    switch (irpStack__MinorFunction) {
    case 0:
        currentIrpStack__Flags = devExt__Count + information;
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
            srb__Length = 1;
            devExt__Flags = (currentIrpStack__Flags & 255);
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 1:
        information = diskCounters__Reads * 7 + devExt__Count;
        if (devExt__Count < 38) {
            srb__Length = srb__Length + 1;
            information = devExt__Count;
        } else {
            srb__Length = devExt__Count - 5;
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
            devExt__Count = 1;
            for (i2 = 0; i2 < 2; i2++) {
                buffer__Size = buffer__Size + srb__Length;
            }
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    case 2:
        devExt__Count = (devExt__Flags & 1);
        devExt__Count = __VERIFIER_nondet_int();
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
            diskCounters__Reads = devExt__Count + information;
        }
        myStatus = status;
        Irp__IoStatus__Status = status;
        IofCompleteRequest(Irp, 0);
        break;
    default:
        if (currentIrpStack__Flags < 36) {
            devExt__Count = devExt__Count + 3;
            information = currentIrpStack__Flags;
        } else {
            devExt__Count = currentIrpStack__Flags - 3;
        }
        status = -1073741808;
        myStatus = status;
        Irp__IoStatus__Status = status;
        Irp__IoStatus__Information = information;
        IofCompleteRequest(Irp, 0);
        break;
    }
    buffer__Size = __VERIFIER_nondet_int();
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
            status = Kbfiltr_Dispatch0(devobj, pirp);
            break;
        case 1:
            status = Kbfiltr_Dispatch1(devobj, pirp);
            break;
        case 2:
            status = Kbfiltr_Dispatch2(devobj, pirp);
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
