; val-res case: counter-no-counter
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%"class.Buffer<vector<float, 4> >" = type { <4 x float> }
%struct.ByteAddressBuffer = type { i32 }
%"class.StructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%"class.RWTexture2D<vector<float, 4> >" = type { <4 x float> }
%"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }
%struct.RWByteAddressBuffer = type { i32 }
%"class.RWStructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%"class.RWStructuredBuffer<unsigned int>" = type { i32 }
%CB = type { <4 x float> }

define void @main() {
  %cnt_UAV_structbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 4, i32 4, i1 false)
  %rwsbuf_UAV_structbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 3, i32 3, i1 false)
  %rwbab_UAV_rawbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 2, i32 2, i1 false)
  %rwbuf_UAV_buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %rwtex_UAV_2d = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %tex_texture_2d = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 3, i32 3, i1 false)
  %sbuf_texture_structbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 2, i32 2, i1 false)
  %bab_texture_rawbuf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)
  %tbuf_texture_buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %CB_cbuffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %1 = call i32 @dx.op.loadInput.i32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %2 = uitofp i32 %1 to float
  %3 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB_cbuffer, i32 0)
  %4 = extractvalue %dx.types.CBufRet.f32 %3, 0
  %5 = extractvalue %dx.types.CBufRet.f32 %3, 1
  %6 = extractvalue %dx.types.CBufRet.f32 %3, 2
  %7 = extractvalue %dx.types.CBufRet.f32 %3, 3
  %.i0 = fmul fast float %4, %2
  %.i2 = fmul fast float %6, 2.000000e+00
  %.i3 = fmul fast float %7, 3.000000e+00
  %BufferLoad = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %tbuf_texture_buf, i32 %1, i32 undef)
  %8 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 0
  %9 = shl i32 %1, 2
  %10 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %bab_texture_rawbuf, i32 %9, i32 undef)
  %11 = extractvalue %dx.types.ResRet.i32 %10, 0
  %12 = bitcast i32 %11 to float
  %13 = fadd fast float %12, %8
  %14 = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %sbuf_texture_structbuf, i32 %1, i32 0)
  %15 = extractvalue %dx.types.ResRet.f32 %14, 0
  %16 = fadd fast float %13, %15
  %17 = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %sbuf_texture_structbuf, i32 undef)
  %18 = extractvalue %dx.types.Dimensions %17, 0
  %19 = uitofp i32 %18 to float
  %20 = fadd fast float %16, %19
  call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle %rwtex_UAV_2d, i32 %1, i32 1, i32 undef, float %.i0, float %5, float %.i2, float %.i3, i8 15)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwbuf_UAV_buf, i32 %1, i32 undef, float %.i0, float %5, float %.i2, float %.i3, i8 15)
  %21 = bitcast float %20 to i32
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %rwbab_UAV_rawbuf, i32 %9, i32 undef, i32 %21, i32 undef, i32 undef, i32 undef, i8 1)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwsbuf_UAV_structbuf, i32 %1, i32 0, float %.i0, float %5, float %.i2, float %.i3, i8 15)
  %AtomicAdd = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %cnt_UAV_structbuf, i32 0, i32 %1, i32 0, i32 undef, i32 1)
  %22 = uitofp i32 %AtomicAdd to float
  %23 = fadd fast float %22, %20
  %24 = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %rwsbuf_UAV_structbuf, i8 1)
  %25 = uitofp i32 %24 to float
  %26 = fadd fast float %23, %25
  %TextureLoad = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %tex_texture_2d, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %27 = extractvalue %dx.types.ResRet.f32 %TextureLoad, 0
  %28 = fadd fast float %26, %27
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %28)
  ret void
}

declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0

declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #2

declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #1

declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #2

declare void @dx.op.textureStore.f32(i32, %dx.types.Handle, i32, i32, i32, float, float, float, float, i8) #1

declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #1

declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #1

declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #2

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #2

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #2

declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!21, !28}
!dx.viewIdState = !{!32}
!dx.entryPoints = !{!33}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"ps", i32 6, i32 0}
!4 = !{!5, !12, !19, null}
!5 = !{!6, !8, !9, !11}
!6 = !{i32 0, %"class.Buffer<vector<float, 4> >"* undef, !"tbuf", i32 0, i32 0, i32 1, i32 10, i32 0, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 1, %struct.ByteAddressBuffer* undef, !"bab", i32 0, i32 1, i32 1, i32 11, i32 0, null}
!9 = !{i32 2, %"class.StructuredBuffer<vector<float, 4> >"* undef, !"sbuf", i32 0, i32 2, i32 1, i32 12, i32 0, !10}
!10 = !{i32 1, i32 16}
!11 = !{i32 3, %"class.Texture2D<vector<float, 4> >"* undef, !"tex", i32 0, i32 3, i32 1, i32 2, i32 0, !7}
!12 = !{!13, !14, !15, !16, !17}
!13 = !{i32 0, %"class.RWTexture2D<vector<float, 4> >"* undef, !"rwtex", i32 0, i32 0, i32 1, i32 2, i1 false, i1 false, i1 false, !7}
!14 = !{i32 1, %"class.RWBuffer<vector<float, 4> >"* undef, !"rwbuf", i32 0, i32 1, i32 1, i32 10, i1 false, i1 false, i1 false, !7}
!15 = !{i32 2, %struct.RWByteAddressBuffer* undef, !"rwbab", i32 0, i32 2, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!16 = !{i32 3, %"class.RWStructuredBuffer<vector<float, 4> >"* undef, !"rwsbuf", i32 0, i32 3, i32 1, i32 12, i1 false, i1 false, i1 false, !10}
!17 = !{i32 4, %"class.RWStructuredBuffer<unsigned int>"* undef, !"cnt", i32 0, i32 4, i32 1, i32 12, i1 false, i1 true, i1 false, !18}
!18 = !{i32 1, i32 4}
!19 = !{!20}
!20 = !{i32 0, %CB* undef, !"CB", i32 0, i32 0, i32 1, i32 16, null}
!21 = !{i32 0, %"class.StructuredBuffer<vector<float, 4> >" undef, !22, %"class.RWStructuredBuffer<vector<float, 4> >" undef, !22, %"class.RWStructuredBuffer<unsigned int>" undef, !24, %CB undef, !26}
!22 = !{i32 16, !23}
!23 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 9}
!24 = !{i32 4, !25}
!25 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 5}
!26 = !{i32 16, !27}
!27 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!28 = !{i32 1, void ()* @main, !29}
!29 = !{!30}
!30 = !{i32 0, !31, !31}
!31 = !{}
!32 = !{[3 x i32] [i32 1, i32 1, i32 1]}
!33 = !{void ()* @main, !"main", !34, !4, !41}
!34 = !{!35, !39, null}
!35 = !{!36}
!36 = !{i32 0, !"IDX", i8 5, i8 0, !37, i8 1, i32 1, i8 1, i32 0, i8 0, !38}
!37 = !{i32 0}
!38 = !{i32 3, i32 1}
!39 = !{!40}
!40 = !{i32 0, !"SV_Target", i8 9, i8 16, !37, i8 0, i32 1, i8 1, i32 0, i8 0, !38}
!41 = !{i32 0, i64 16}

