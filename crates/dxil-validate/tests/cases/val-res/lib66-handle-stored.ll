; val-res case: lib66-handle-stored
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%"class.StructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%"class.RWStructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%CB = type { <4 x float> }
%struct.SamplerState = type { i32 }

@"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A" = external constant %dx.types.Handle, align 4
@"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A" = external constant %dx.types.Handle, align 4
@"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A" = external constant %dx.types.Handle, align 4
@"\01?samp@@3USamplerState@@A" = external constant %dx.types.Handle, align 4
@CB = external constant %dx.types.Handle

define <4 x float> @"\01?helper@@YA?AV?$vector@M$03@@I@Z"(i32 %i) #0 {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A", align 4
  %hs = alloca %dx.types.Handle, align 4
  store %dx.types.Handle %1, %dx.types.Handle* %hs, align 4
  %2 = load %dx.types.Handle, %dx.types.Handle* @CB, align 4
  %CB = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %2)
  %3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB, %dx.types.ResourceProperties { i32 13, i32 16 })
  %4 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)
  %5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %4, %dx.types.ResourceProperties { i32 12, i32 16 })
  %RawBufferLoad = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %5, i32 %i, i32 0, i8 15, i32 4)
  %6 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 0
  %7 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 1
  %8 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 2
  %9 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 3
  %10 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %3, i32 0)
  %11 = extractvalue %dx.types.CBufRet.f32 %10, 0
  %12 = extractvalue %dx.types.CBufRet.f32 %10, 1
  %13 = extractvalue %dx.types.CBufRet.f32 %10, 2
  %14 = extractvalue %dx.types.CBufRet.f32 %10, 3
  %.i0 = fadd fast float %11, %6
  %.i1 = fadd fast float %12, %7
  %.i2 = fadd fast float %13, %8
  %.i3 = fadd fast float %14, %9
  %.upto0 = insertelement <4 x float> undef, float %.i0, i32 0
  %.upto1 = insertelement <4 x float> %.upto0, float %.i1, i32 1
  %.upto2 = insertelement <4 x float> %.upto1, float %.i2, i32 2
  %15 = insertelement <4 x float> %.upto2, float %.i3, i32 3
  ret <4 x float> %15
}

define void @csmain() {
  %1 = load %dx.types.Handle, %dx.types.Handle* @"\01?samp@@3USamplerState@@A", align 4
  %2 = load %dx.types.Handle, %dx.types.Handle* @"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A", align 4
  %3 = load %dx.types.Handle, %dx.types.Handle* @"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A", align 4
  %4 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %5 = call <4 x float> @"\01?helper@@YA?AV?$vector@M$03@@I@Z"(i32 %4)
  %.i0 = extractelement <4 x float> %5, i32 0
  %.i1 = extractelement <4 x float> %5, i32 1
  %.i2 = extractelement <4 x float> %5, i32 2
  %.i3 = extractelement <4 x float> %5, i32 3
  %6 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %2)
  %7 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %6, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %8 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %1)
  %9 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %8, %dx.types.ResourceProperties { i32 14, i32 0 })
  %10 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %7, %dx.types.Handle %9, float 5.000000e-01, float 5.000000e-01, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  %11 = extractvalue %dx.types.ResRet.f32 %10, 0
  %12 = extractvalue %dx.types.ResRet.f32 %10, 1
  %13 = extractvalue %dx.types.ResRet.f32 %10, 2
  %14 = extractvalue %dx.types.ResRet.f32 %10, 3
  %.i01 = fadd fast float %11, %.i0
  %.i12 = fadd fast float %12, %.i1
  %.i23 = fadd fast float %13, %.i2
  %.i34 = fadd fast float %14, %.i3
  %15 = call %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32 160, %dx.types.Handle %3)
  %16 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %15, %dx.types.ResourceProperties { i32 4108, i32 16 })
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %16, i32 %4, i32 0, float %.i01, float %.i12, float %.i23, float %.i34, i8 15, i32 4)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #1

declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #2

declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #3

declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #3

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #3

declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1

declare %dx.types.Handle @dx.op.createHandleForLib.dx.types.Handle(i32, %dx.types.Handle) #3

attributes #0 = { noinline nounwind readonly }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind }
attributes #3 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!16, !24}
!dx.entryPoints = !{!33, !35}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 6}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 6}
!4 = !{!5, !10, !12, !14}
!5 = !{!6, !8}
!6 = !{i32 0, %"class.StructuredBuffer<vector<float, 4> >"* bitcast (%dx.types.Handle* @"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A" to %"class.StructuredBuffer<vector<float, 4> >"*), !"inb", i32 0, i32 0, i32 1, i32 12, i32 0, !7}
!7 = !{i32 1, i32 16}
!8 = !{i32 1, %"class.Texture2D<vector<float, 4> >"* bitcast (%dx.types.Handle* @"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A" to %"class.Texture2D<vector<float, 4> >"*), !"tex", i32 0, i32 1, i32 1, i32 2, i32 0, !9}
!9 = !{i32 0, i32 9}
!10 = !{!11}
!11 = !{i32 0, %"class.RWStructuredBuffer<vector<float, 4> >"* bitcast (%dx.types.Handle* @"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A" to %"class.RWStructuredBuffer<vector<float, 4> >"*), !"outb", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!12 = !{!13}
!13 = !{i32 0, %CB* bitcast (%dx.types.Handle* @CB to %CB*), !"CB", i32 0, i32 0, i32 1, i32 16, null}
!14 = !{!15}
!15 = !{i32 0, %struct.SamplerState* bitcast (%dx.types.Handle* @"\01?samp@@3USamplerState@@A" to %struct.SamplerState*), !"samp", i32 0, i32 0, i32 1, i32 0, null}
!16 = !{i32 0, %"class.RWStructuredBuffer<vector<float, 4> >" undef, !17, %"class.StructuredBuffer<vector<float, 4> >" undef, !17, %CB undef, !22}
!17 = !{i32 16, !18, !19}
!18 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 9}
!19 = !{i32 0, !20}
!20 = !{!21}
!21 = !{i32 0, <4 x float> undef}
!22 = !{i32 16, !23}
!23 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!24 = !{i32 1, <4 x float> (i32)* @"\01?helper@@YA?AV?$vector@M$03@@I@Z", !25, void ()* @csmain, !31}
!25 = !{!26, !29}
!26 = !{i32 1, !27, !28}
!27 = !{i32 7, i32 9}
!28 = !{}
!29 = !{i32 0, !30, !28}
!30 = !{i32 7, i32 5}
!31 = !{!32}
!32 = !{i32 0, !28, !28}
!33 = !{null, !"", null, !4, !34}
!34 = !{i32 0, i64 16}
!35 = !{void ()* @csmain, !"csmain", null, null, !36}
!36 = !{i32 8, i32 5, i32 4, !37, i32 5, !38}
!37 = !{i32 8, i32 1, i32 1}
!38 = !{i32 0}

