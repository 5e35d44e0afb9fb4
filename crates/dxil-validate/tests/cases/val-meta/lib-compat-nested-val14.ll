; the same under validator 1.4
;
; Note: shader requires additional functionality:
;       Derivatives in mesh and amplification shaders
;
; shader hash: 21398d7ca8dbace9ca3c6e6fdbedef6b
;
; Buffer Definitions:
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; S                                 sampler      NA          NA      S0             s0     1
; T                                 texture     f32          2d      T0             t0     1
; O                                     UAV     f32         buf      U0             u0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%"class.RWBuffer<float>" = type { float }
%struct.SamplerState = type { i32 }

@"\01?T@@3V?$Texture2D@V?$vector@M$03@@@@A" = external constant %dx.types.Handle, align 4
@"\01?S@@3USamplerState@@A" = external constant %dx.types.Handle, align 4
@"\01?O@@3V?$RWBuffer@M@@A" = external constant %dx.types.Handle, align 4

; Function Attrs: noinline nounwind
define internal fastcc void @"\01?leaf_sample@@YAXXZ"() #0 {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?S@@3USamplerState@@A", align 4
  %2 = load %dx.types.Handle, %dx.types.Handle* @"\01?T@@3V?$Texture2D@V?$vector@M$03@@@@A", align 4
  %3 = load %dx.types.Handle, %dx.types.Handle* @"\01?O@@3V?$RWBuffer@M@@A", align 4
  %4 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %2)  ; CreateHandleForLib(Resource)
  %5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %4, %dx.types.ResourceProperties { i32 2, i32 1033 })  ; AnnotateHandle(res,props)  resource: Texture2D<4xF32>
  %6 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %7 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %6, %dx.types.ResourceProperties { i32 14, i32 0 })  ; AnnotateHandle(res,props)  resource: SamplerState
  %8 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %5, %dx.types.Handle %7, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float undef)  ; Sample(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,clamp)
  %9 = extractvalue %dx.types.ResRet.f32 %8, 0
  %10 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %3)  ; CreateHandleForLib(Resource)
  %11 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %10, %dx.types.ResourceProperties { i32 4106, i32 265 })  ; AnnotateHandle(res,props)  resource: RWTypedBuffer<F32>
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %11, i32 0, i32 undef, float %9, float %9, float %9, float %9, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: noinline nounwind
define internal fastcc void @"\01?mid@@YAXXZ"() #0 {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?O@@3V?$RWBuffer@M@@A", align 4
  call fastcc void @"\01?leaf_sample@@YAXXZ"()
  %2 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %2, %dx.types.ResourceProperties { i32 4106, i32 265 })  ; AnnotateHandle(res,props)  resource: RWTypedBuffer<F32>
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %3, i32 1, i32 undef, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: noinline nounwind
define internal fastcc void @"\01?barrier_fn@@YAXXZ"() #0 {
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  ret void
}

; Function Attrs: noinline nounwind
define internal fastcc void @"\01?both@@YAXXZ"() #0 {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?O@@3V?$RWBuffer@M@@A", align 4
  call fastcc void @"\01?barrier_fn@@YAXXZ"()
  %2 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %2, %dx.types.ResourceProperties { i32 4106, i32 265 })  ; AnnotateHandle(res,props)  resource: RWTypedBuffer<F32>
  %4 = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %3, i32 3, i32 undef)  ; BufferLoad(srv,index,wot)
  %5 = extractvalue %dx.types.ResRet.f32 %4, 0
  %6 = call float @dx.op.unary.f32(i32 83, float %5)  ; DerivCoarseX(value)
  %7 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)  ; CreateHandleForLib(Resource)
  %8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %7, %dx.types.ResourceProperties { i32 4106, i32 265 })  ; AnnotateHandle(res,props)  resource: RWTypedBuffer<F32>
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %8, i32 2, i32 undef, float %6, float %6, float %6, float %6, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: nounwind
define void @cmain() #1 {
  call fastcc void @"\01?mid@@YAXXZ"()
  call fastcc void @"\01?both@@YAXXZ"()
  ret void
}

; Function Attrs: nounwind
define void @mmain() #1 {
  call fastcc void @"\01?mid@@YAXXZ"()
  ret void
}

define void @vmain() {
  call fastcc void @"\01?mid@@YAXXZ"()
  call fastcc void @"\01?both@@YAXXZ"()
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  ret void
}

define void @pmain() {
  call fastcc void @"\01?both@@YAXXZ"()
  call fastcc void @"\01?mid@@YAXXZ"()
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 0.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  ret void
}

; Function Attrs: nounwind
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #2

; Function Attrs: nounwind
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #2

; Function Attrs: noduplicate nounwind
declare void @dx.op.barrier(i32, i32) #3

; Function Attrs: nounwind readnone
declare float @dx.op.unary.f32(i32, float) #4

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #4

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #2

attributes #0 = { noinline nounwind }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }
attributes #3 = { noduplicate nounwind }
attributes #4 = { nounwind readnone }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!12}
!dx.entryPoints = !{!18, !20, !24, !28, !33}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 8}
!2 = !{i32 1, i32 4}
!3 = !{!"lib", i32 6, i32 8}
!4 = !{!5, !8, null, !10}
!5 = !{!6}
!6 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* bitcast (%dx.types.Handle* @"\01?T@@3V?$Texture2D@V?$vector@M$03@@@@A" to %"class.Texture2D<vector<float, 4> >"*), !"T", i32 0, i32 0, i32 1, i32 2, i32 0, !7}
!7 = !{i32 0, i32 9}
!8 = !{!9}
!9 = !{i32 0, %"class.RWBuffer<float>"* bitcast (%dx.types.Handle* @"\01?O@@3V?$RWBuffer@M@@A" to %"class.RWBuffer<float>"*), !"O", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !7}
!10 = !{!11}
!11 = !{i32 0, %struct.SamplerState* bitcast (%dx.types.Handle* @"\01?S@@3USamplerState@@A" to %struct.SamplerState*), !"S", i32 0, i32 0, i32 1, i32 0, null}
!12 = !{i32 1, void ()* @"\01?leaf_sample@@YAXXZ", !13, void ()* @"\01?mid@@YAXXZ", !13, void ()* @"\01?barrier_fn@@YAXXZ", !13, void ()* @"\01?both@@YAXXZ", !13, void ()* @cmain, !13, void ()* @mmain, !13, void ()* @vmain, !16, void ()* @pmain, !16}
!13 = !{!14}
!14 = !{i32 1, !15, !15}
!15 = !{}
!16 = !{!17}
!17 = !{i32 0, !15, !15}
!18 = !{null, !"", null, !4, !19}
!19 = !{i32 0, i64 9126805504}
!20 = !{void ()* @cmain, !"cmain", null, null, !21}
!21 = !{i32 8, i32 5, i32 4, !22, i32 5, !23}
!22 = !{i32 6, i32 3, i32 1}
!23 = !{i32 0}
!24 = !{void ()* @mmain, !"mmain", null, null, !25}
!25 = !{i32 8, i32 13, i32 9, !26, i32 5, !23}
!26 = !{!27, i32 0, i32 0, i32 2, i32 0}
!27 = !{i32 3, i32 1, i32 1}
!28 = !{void ()* @pmain, !"pmain", !29, null, !32}
!29 = !{null, !30, null}
!30 = !{!31}
!31 = !{i32 0, !"SV_Target", i8 9, i8 16, !23, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!32 = !{i32 8, i32 0, i32 5, !23}
!33 = !{void ()* @vmain, !"vmain", !34, null, !37}
!34 = !{null, !35, null}
!35 = !{!36}
!36 = !{i32 0, !"SV_Position", i8 9, i8 3, !23, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!37 = !{i32 8, i32 1, i32 5, !23}
