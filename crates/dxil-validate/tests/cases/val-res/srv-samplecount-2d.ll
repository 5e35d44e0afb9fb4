; val-res case: srv-samplecount-2d
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%"class.StructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.RWStructuredBuffer<unsigned int>" = type { i32 }
%CB = type { <4 x float>, float, i32, [2 x <4 x float>] }
%struct.SamplerState = type { i32 }

define void @main() {
  %cnt_UAV_structbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %rwbuf_UAV_buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %sbuf_texture_structbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)
  %tex_texture_2d = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %samp_sampler = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %CB_cbuffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %1 = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %2 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %3 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %4 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  %5 = extractvalue %dx.types.ResRet.f32 %4, 0
  %6 = extractvalue %dx.types.ResRet.f32 %4, 1
  %7 = extractvalue %dx.types.ResRet.f32 %4, 2
  %8 = extractvalue %dx.types.ResRet.f32 %4, 3
  %9 = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %sbuf_texture_structbuf, i32 %1, i32 0)
  %10 = extractvalue %dx.types.ResRet.f32 %9, 0
  %11 = extractvalue %dx.types.ResRet.f32 %9, 1
  %12 = extractvalue %dx.types.ResRet.f32 %9, 2
  %13 = extractvalue %dx.types.ResRet.f32 %9, 3
  %BufferLoad = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %rwbuf_UAV_buf, i32 %1, i32 undef)
  %14 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 0
  %15 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 1
  %16 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 2
  %17 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 3
  %18 = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %cnt_UAV_structbuf, i8 1)
  %19 = uitofp i32 %18 to float
  %20 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB_cbuffer, i32 0)
  %21 = extractvalue %dx.types.CBufRet.f32 %20, 0
  %22 = extractvalue %dx.types.CBufRet.f32 %20, 1
  %23 = extractvalue %dx.types.CBufRet.f32 %20, 2
  %24 = extractvalue %dx.types.CBufRet.f32 %20, 3
  %25 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB_cbuffer, i32 1)
  %26 = extractvalue %dx.types.CBufRet.f32 %25, 0
  %27 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %CB_cbuffer, i32 1)
  %28 = extractvalue %dx.types.CBufRet.i32 %27, 1
  %29 = sitofp i32 %28 to float
  %30 = add i32 %1, 2
  %31 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB_cbuffer, i32 %30)
  %32 = extractvalue %dx.types.CBufRet.f32 %31, 0
  %33 = extractvalue %dx.types.CBufRet.f32 %31, 1
  %34 = extractvalue %dx.types.CBufRet.f32 %31, 2
  %35 = extractvalue %dx.types.CBufRet.f32 %31, 3
  %.i0 = fadd fast float %26, %19
  %.i01 = fadd fast float %29, %.i0
  %.i05 = fadd fast float %.i01, %5
  %.i09 = fadd fast float %.i05, %10
  %.i013 = fadd fast float %.i09, %14
  %.i017 = fadd fast float %.i013, %21
  %.i021 = fadd fast float %.i017, %32
  %.i16 = fadd fast float %.i01, %6
  %.i110 = fadd fast float %.i16, %11
  %.i114 = fadd fast float %.i110, %15
  %.i118 = fadd fast float %.i114, %22
  %.i122 = fadd fast float %.i118, %33
  %.i27 = fadd fast float %.i01, %7
  %.i211 = fadd fast float %.i27, %12
  %.i215 = fadd fast float %.i211, %16
  %.i219 = fadd fast float %.i215, %23
  %.i223 = fadd fast float %.i219, %34
  %.i38 = fadd fast float %.i01, %8
  %.i312 = fadd fast float %.i38, %13
  %.i316 = fadd fast float %.i312, %17
  %.i320 = fadd fast float %.i316, %24
  %.i324 = fadd fast float %.i320, %35
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %.i021)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %.i122)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %.i223)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %.i324)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0

declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0

declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #2

declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #2

declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #1

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #2

declare %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32, %dx.types.Handle, i32) #2

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!18, !28}
!dx.viewIdState = !{!32}
!dx.entryPoints = !{!33}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"ps", i32 6, i32 0}
!4 = !{!5, !10, !14, !16}
!5 = !{!6, !8}
!6 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"tex", i32 0, i32 0, i32 1, i32 2, i32 4, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 1, %"class.StructuredBuffer<vector<float, 4> >"* undef, !"sbuf", i32 0, i32 1, i32 1, i32 12, i32 0, !9}
!9 = !{i32 1, i32 16}
!10 = !{!11, !12}
!11 = !{i32 0, %"class.RWBuffer<vector<float, 4> >"* undef, !"rwbuf", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !7}
!12 = !{i32 1, %"class.RWStructuredBuffer<unsigned int>"* undef, !"cnt", i32 0, i32 1, i32 1, i32 12, i1 false, i1 true, i1 false, !13}
!13 = !{i32 1, i32 4}
!14 = !{!15}
!15 = !{i32 0, %CB* undef, !"CB", i32 0, i32 0, i32 1, i32 64, null}
!16 = !{!17}
!17 = !{i32 0, %struct.SamplerState* undef, !"samp", i32 0, i32 0, i32 1, i32 0, null}
!18 = !{i32 0, %"class.StructuredBuffer<vector<float, 4> >" undef, !19, %"class.RWStructuredBuffer<unsigned int>" undef, !21, %CB undef, !23}
!19 = !{i32 16, !20}
!20 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 9}
!21 = !{i32 4, !22}
!22 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 5}
!23 = !{i32 64, !24, !25, !26, !27}
!24 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!25 = !{i32 6, !"b", i32 3, i32 16, i32 7, i32 9}
!26 = !{i32 6, !"c", i32 3, i32 20, i32 7, i32 4}
!27 = !{i32 6, !"arr", i32 3, i32 32, i32 7, i32 9}
!28 = !{i32 1, void ()* @main, !29}
!29 = !{!30}
!30 = !{i32 0, !31, !31}
!31 = !{}
!32 = !{[7 x i32] [i32 5, i32 4, i32 15, i32 15, i32 0, i32 0, i32 15]}
!33 = !{void ()* @main, !"main", !34, !4, !44}
!34 = !{!35, !41, null}
!35 = !{!36, !39}
!36 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !37, i8 2, i32 1, i8 2, i32 0, i8 0, !38}
!37 = !{i32 0}
!38 = !{i32 3, i32 3}
!39 = !{i32 1, !"IDX", i8 5, i8 0, !37, i8 1, i32 1, i8 1, i32 1, i8 0, !40}
!40 = !{i32 3, i32 1}
!41 = !{!42}
!42 = !{i32 0, !"SV_Target", i8 9, i8 16, !37, i8 0, i32 1, i8 4, i32 0, i8 0, !43}
!43 = !{i32 3, i32 15}
!44 = !{i32 0, i64 8208}

