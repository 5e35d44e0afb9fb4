; val-res case: lib-resource-stored
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%"class.RWStructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.StructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%struct.SamplerState = type { i32 }
%CB = type { <4 x float> }
%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

@"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A" = external constant %"class.RWStructuredBuffer<vector<float, 4> >", align 4
@"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A" = external constant %"class.StructuredBuffer<vector<float, 4> >", align 4
@"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A" = external constant %"class.Texture2D<vector<float, 4> >", align 4
@"\01?samp@@3USamplerState@@A" = external constant %struct.SamplerState, align 4
@CB = external constant %CB

define <4 x float> @"\01?helper@@YA?AV?$vector@M$03@@I@Z"(i32 %i) #0 {
  %1 = load %"class.StructuredBuffer<vector<float, 4> >", %"class.StructuredBuffer<vector<float, 4> >"* @"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A", align 4
  %tmpa = alloca %"class.StructuredBuffer<vector<float, 4> >", align 4
  store %"class.StructuredBuffer<vector<float, 4> >" %1, %"class.StructuredBuffer<vector<float, 4> >"* %tmpa, align 4
  %2 = load %CB, %CB* @CB, align 4
  %CB = call %dx.types.Handle @dx.op.createHandleForLib.CB(i32 160, %CB %2)
  %3 = call %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<vector<float, 4> >"(i32 160, %"class.StructuredBuffer<vector<float, 4> >" %1)
  %RawBufferLoad = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %3, i32 %i, i32 0, i8 15, i32 4)
  %4 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 0
  %5 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 1
  %6 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 2
  %7 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad, 3
  %8 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB, i32 0)
  %9 = extractvalue %dx.types.CBufRet.f32 %8, 0
  %10 = extractvalue %dx.types.CBufRet.f32 %8, 1
  %11 = extractvalue %dx.types.CBufRet.f32 %8, 2
  %12 = extractvalue %dx.types.CBufRet.f32 %8, 3
  %.i0 = fadd fast float %9, %4
  %.i1 = fadd fast float %10, %5
  %.i2 = fadd fast float %11, %6
  %.i3 = fadd fast float %12, %7
  %.upto0 = insertelement <4 x float> undef, float %.i0, i32 0
  %.upto1 = insertelement <4 x float> %.upto0, float %.i1, i32 1
  %.upto2 = insertelement <4 x float> %.upto1, float %.i2, i32 2
  %13 = insertelement <4 x float> %.upto2, float %.i3, i32 3
  ret <4 x float> %13
}

define void @csmain() {
  %1 = load %struct.SamplerState, %struct.SamplerState* @"\01?samp@@3USamplerState@@A", align 4
  %2 = load %"class.Texture2D<vector<float, 4> >", %"class.Texture2D<vector<float, 4> >"* @"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A", align 4
  %3 = load %"class.RWStructuredBuffer<vector<float, 4> >", %"class.RWStructuredBuffer<vector<float, 4> >"* @"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A", align 4
  %4 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %5 = call <4 x float> @"\01?helper@@YA?AV?$vector@M$03@@I@Z"(i32 %4)
  %.i0 = extractelement <4 x float> %5, i32 0
  %.i1 = extractelement <4 x float> %5, i32 1
  %.i2 = extractelement <4 x float> %5, i32 2
  %.i3 = extractelement <4 x float> %5, i32 3
  %6 = call %dx.types.Handle @"dx.op.createHandleForLib.class.Texture2D<vector<float, 4> >"(i32 160, %"class.Texture2D<vector<float, 4> >" %2)
  %7 = call %dx.types.Handle @dx.op.createHandleForLib.struct.SamplerState(i32 160, %struct.SamplerState %1)
  %8 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %6, %dx.types.Handle %7, float 5.000000e-01, float 5.000000e-01, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  %9 = extractvalue %dx.types.ResRet.f32 %8, 0
  %10 = extractvalue %dx.types.ResRet.f32 %8, 1
  %11 = extractvalue %dx.types.ResRet.f32 %8, 2
  %12 = extractvalue %dx.types.ResRet.f32 %8, 3
  %.i01 = fadd fast float %9, %.i0
  %.i12 = fadd fast float %10, %.i1
  %.i23 = fadd fast float %11, %.i2
  %.i34 = fadd fast float %12, %.i3
  %13 = call %dx.types.Handle @"dx.op.createHandleForLib.class.RWStructuredBuffer<vector<float, 4> >"(i32 160, %"class.RWStructuredBuffer<vector<float, 4> >" %3)
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %13, i32 %4, i32 0, float %.i01, float %.i12, float %.i23, float %.i34, i8 15, i32 4)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #1

declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #2

declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #3

declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #3

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #3

declare %dx.types.Handle @dx.op.createHandleForLib.CB(i32, %CB) #3

declare %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<vector<float, 4> >"(i32, %"class.StructuredBuffer<vector<float, 4> >") #3

declare %dx.types.Handle @"dx.op.createHandleForLib.class.Texture2D<vector<float, 4> >"(i32, %"class.Texture2D<vector<float, 4> >") #3

declare %dx.types.Handle @dx.op.createHandleForLib.struct.SamplerState(i32, %struct.SamplerState) #3

declare %dx.types.Handle @"dx.op.createHandleForLib.class.RWStructuredBuffer<vector<float, 4> >"(i32, %"class.RWStructuredBuffer<vector<float, 4> >") #3

attributes #0 = { noinline nounwind readonly }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind }
attributes #3 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!16, !21}
!dx.entryPoints = !{!30, !32}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 3}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 3}
!4 = !{!5, !10, !12, !14}
!5 = !{!6, !8}
!6 = !{i32 0, %"class.StructuredBuffer<vector<float, 4> >"* @"\01?inb@@3V?$StructuredBuffer@V?$vector@M$03@@@@A", !"inb", i32 0, i32 0, i32 1, i32 12, i32 0, !7}
!7 = !{i32 1, i32 16}
!8 = !{i32 1, %"class.Texture2D<vector<float, 4> >"* @"\01?tex@@3V?$Texture2D@V?$vector@M$03@@@@A", !"tex", i32 0, i32 1, i32 1, i32 2, i32 0, !9}
!9 = !{i32 0, i32 9}
!10 = !{!11}
!11 = !{i32 0, %"class.RWStructuredBuffer<vector<float, 4> >"* @"\01?outb@@3V?$RWStructuredBuffer@V?$vector@M$03@@@@A", !"outb", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!12 = !{!13}
!13 = !{i32 0, %CB* @CB, !"CB", i32 0, i32 0, i32 1, i32 16, null}
!14 = !{!15}
!15 = !{i32 0, %struct.SamplerState* @"\01?samp@@3USamplerState@@A", !"samp", i32 0, i32 0, i32 1, i32 0, null}
!16 = !{i32 0, %"class.RWStructuredBuffer<vector<float, 4> >" undef, !17, %"class.StructuredBuffer<vector<float, 4> >" undef, !17, %CB undef, !19}
!17 = !{i32 16, !18}
!18 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 9}
!19 = !{i32 16, !20}
!20 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!21 = !{i32 1, <4 x float> (i32)* @"\01?helper@@YA?AV?$vector@M$03@@I@Z", !22, void ()* @csmain, !28}
!22 = !{!23, !26}
!23 = !{i32 1, !24, !25}
!24 = !{i32 7, i32 9}
!25 = !{}
!26 = !{i32 0, !27, !25}
!27 = !{i32 7, i32 5}
!28 = !{!29}
!29 = !{i32 0, !25, !25}
!30 = !{null, !"", null, !4, !31}
!31 = !{i32 0, i64 16}
!32 = !{void ()* @csmain, !"csmain", null, null, !33}
!33 = !{i32 8, i32 5, i32 4, !34, i32 5, !35}
!34 = !{i32 8, i32 1, i32 1}
!35 = !{i32 0}

