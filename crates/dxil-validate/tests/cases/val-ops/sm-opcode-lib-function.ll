; ThreadId in library code and in a pixel entry: SM.OPCODE names lib_6_6(lib) and lib_6_6(ps)
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.RWStructuredBuffer<float>" = type { float }

@"\01?b@@3V?$RWStructuredBuffer@M@@A" = external constant %dx.types.Handle, align 4

; Function Attrs: alwaysinline nounwind
define float @"\01?helper@@YAMM@Z"(float %x) #0 {
  %1 = call float @dx.op.unary.f32(i32 83, float %x)  ; DerivCoarseX(value)
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %2 = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 0, i8 0)  ; WaveActiveOp(value,op,sop)
  %3 = fadd fast float %2, %1
  ret float %3
}

define void @mainCS() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?b@@3V?$RWStructuredBuffer@M@@A", align 4
  %2 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %3 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %4 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %3, %dx.types.ResourceProperties { i32 4108, i32 4 })  ; AnnotateHandle(res,props)  resource: RWStructuredBuffer<stride=4>
  %5 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %4, i32 %2, i32 0, i8 1, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %6 = extractvalue %dx.types.ResRet.f32 %5, 0
  %7 = call float @dx.op.waveActiveOp.f32(i32 119, float %6, i8 0, i8 0)  ; WaveActiveOp(value,op,sop)
  %8 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %9 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %8, %dx.types.ResourceProperties { i32 4108, i32 4 })  ; AnnotateHandle(res,props)  resource: RWStructuredBuffer<stride=4>
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %9, i32 %2, i32 0, float %7, float undef, float undef, float undef, i8 1, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  ret void
}

define void @mainPS() {
  %1 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)  ; LoadInput(inputSigId,rowIndex,colIndex,gsVertexAxis)
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 1)
  %2 = call float @dx.op.unary.f32(i32 83, float %1)  ; DerivCoarseX(value)
  %3 = call float @dx.op.waveActiveOp.f32(i32 119, float %1, i8 0, i8 0)  ; WaveActiveOp(value,op,sop)
  %4 = fadd fast float %3, %2
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %4)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %4)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %4)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %4)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #1

; Function Attrs: nounwind readnone
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #1

; Function Attrs: nounwind
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2

; Function Attrs: nounwind readnone
declare float @dx.op.unary.f32(i32, float) #1

; Function Attrs: nounwind
declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8) #2

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #3

; Function Attrs: nounwind
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #2

; Function Attrs: noduplicate nounwind
declare void @dx.op.barrier(i32, i32) #4

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #3

attributes #0 = { alwaysinline nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind }
attributes #3 = { nounwind readonly }
attributes #4 = { noduplicate nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!8}
!dx.entryPoints = !{!16, !18, !22}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 6}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 6}
!4 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.RWStructuredBuffer<float>"* bitcast (%dx.types.Handle* @"\01?b@@3V?$RWStructuredBuffer@M@@A" to %"class.RWStructuredBuffer<float>"*), !"b", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!7 = !{i32 1, i32 4}
!8 = !{i32 1, float (float)* @"\01?helper@@YAMM@Z", !9, void ()* @mainCS, !14, void ()* @mainPS, !14}
!9 = !{!10, !13}
!10 = !{i32 1, !11, !12}
!11 = !{i32 7, i32 9}
!12 = !{}
!13 = !{i32 0, !11, !12}
!14 = !{!15}
!15 = !{i32 0, !12, !12}
!16 = !{null, !"", null, !4, !17}
!17 = !{i32 0, i64 524304}
!18 = !{void ()* @mainCS, !"mainCS", null, null, !19}
!19 = !{i32 8, i32 5, i32 4, !20, i32 5, !21}
!20 = !{i32 8, i32 1, i32 1}
!21 = !{i32 0}
!22 = !{void ()* @mainPS, !"mainPS", !23, null, !28}
!23 = !{!24, !26, null}
!24 = !{!25}
!25 = !{i32 0, !"SV_Position", i8 9, i8 3, !21, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!26 = !{!27}
!27 = !{i32 0, !"SV_Target", i8 9, i8 16, !21, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!28 = !{i32 8, i32 0, i32 5, !21}
