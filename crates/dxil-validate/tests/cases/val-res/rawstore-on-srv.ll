; val-res case: rawstore-on-srv
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
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
  %cnt_UAV_structbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 4, i32 4, i32 0, i8 1 }, i32 4, i1 false)
  %rwsbuf_UAV_structbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 1 }, i32 3, i1 false)
  %rwbab_UAV_rawbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 1 }, i32 2, i1 false)
  %rwbuf_UAV_buf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)
  %rwtex_UAV_2d = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %tex_texture_2d = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 0 }, i32 3, i1 false)
  %sbuf_texture_structbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 0 }, i32 2, i1 false)
  %bab_texture_rawbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %tbuf_texture_buf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)
  %CB_cbuffer = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
  %1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB_cbuffer, %dx.types.ResourceProperties { i32 13, i32 16 })
  %2 = call i32 @dx.op.loadInput.i32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %3 = uitofp i32 %2 to float
  %4 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %1, i32 0)
  %5 = extractvalue %dx.types.CBufRet.f32 %4, 0
  %6 = extractvalue %dx.types.CBufRet.f32 %4, 1
  %7 = extractvalue %dx.types.CBufRet.f32 %4, 2
  %8 = extractvalue %dx.types.CBufRet.f32 %4, 3
  %.i0 = fmul fast float %5, %3
  %.i2 = fmul fast float %7, 2.000000e+00
  %.i3 = fmul fast float %8, 3.000000e+00
  %9 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tbuf_texture_buf, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %BufferLoad = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %9, i32 %2, i32 undef)
  %10 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 0
  %11 = shl i32 %2, 2
  %12 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %bab_texture_rawbuf, %dx.types.ResourceProperties { i32 11, i32 0 })
  %RawBufferLoad = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %12, i32 %11, i32 undef, i8 1, i32 4)
  %13 = extractvalue %dx.types.ResRet.i32 %RawBufferLoad, 0
  %14 = bitcast i32 %13 to float
  %15 = fadd fast float %14, %10
  %16 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %sbuf_texture_structbuf, %dx.types.ResourceProperties { i32 12, i32 16 })
  %RawBufferLoad1 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %16, i32 %2, i32 0, i8 15, i32 4)
  %17 = extractvalue %dx.types.ResRet.f32 %RawBufferLoad1, 0
  %18 = fadd fast float %15, %17
  %19 = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %16, i32 undef)
  %20 = extractvalue %dx.types.Dimensions %19, 0
  %21 = uitofp i32 %20 to float
  %22 = fadd fast float %18, %21
  %23 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwtex_UAV_2d, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle %23, i32 %2, i32 1, i32 undef, float %.i0, float %6, float %.i2, float %.i3, i8 15)
  %24 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwbuf_UAV_buf, %dx.types.ResourceProperties { i32 4106, i32 1033 })
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %24, i32 %2, i32 undef, float %.i0, float %6, float %.i2, float %.i3, i8 15)
  %25 = bitcast float %22 to i32
  %26 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwbab_UAV_rawbuf, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %12, i32 %11, i32 undef, i32 %25, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %27 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwsbuf_UAV_structbuf, %dx.types.ResourceProperties { i32 4108, i32 16 })
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %27, i32 %2, i32 0, float %.i0, float %6, float %.i2, float %.i3, i8 15, i32 4)
  %28 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cnt_UAV_structbuf, %dx.types.ResourceProperties { i32 4108, i32 4 })
  %AtomicAdd = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %28, i32 0, i32 %2, i32 0, i32 undef, i32 1)
  %29 = uitofp i32 %AtomicAdd to float
  %30 = fadd fast float %29, %22
  %31 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cnt_UAV_structbuf, %dx.types.ResourceProperties { i32 36876, i32 4 })
  %32 = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %31, i8 1)
  %33 = uitofp i32 %32 to float
  %34 = fadd fast float %30, %33
  %35 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tex_texture_2d, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %TextureLoad = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %35, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %36 = extractvalue %dx.types.ResRet.f32 %TextureLoad, 0
  %37 = fadd fast float %34, %36
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %37)
  ret void
}

declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0

declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #2

declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32) #2

declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #1

declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #1

declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #2

declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #2

declare void @dx.op.textureStore.f32(i32, %dx.types.Handle, i32, i32, i32, float, float, float, float, i8) #1

declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #1

declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #1

declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #1

declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #2

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #2

declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!21, !34}
!dx.viewIdState = !{!38}
!dx.entryPoints = !{!39}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 6}
!2 = !{i32 1, i32 10}
!3 = !{!"ps", i32 6, i32 6}
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
!21 = !{i32 0, %"class.StructuredBuffer<vector<float, 4> >" undef, !22, %"class.RWStructuredBuffer<vector<float, 4> >" undef, !22, %"class.RWStructuredBuffer<unsigned int>" undef, !27, %CB undef, !32}
!22 = !{i32 16, !23, !24}
!23 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 9}
!24 = !{i32 0, !25}
!25 = !{!26}
!26 = !{i32 0, <4 x float> undef}
!27 = !{i32 4, !28, !29}
!28 = !{i32 6, !"h", i32 3, i32 0, i32 7, i32 5}
!29 = !{i32 0, !30}
!30 = !{!31}
!31 = !{i32 0, i32 undef}
!32 = !{i32 16, !33}
!33 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!34 = !{i32 1, void ()* @main, !35}
!35 = !{!36}
!36 = !{i32 0, !37, !37}
!37 = !{}
!38 = !{[3 x i32] [i32 1, i32 1, i32 1]}
!39 = !{void ()* @main, !"main", !40, !4, !47}
!40 = !{!41, !45, null}
!41 = !{!42}
!42 = !{i32 0, !"IDX", i8 5, i8 0, !43, i8 1, i32 1, i8 1, i32 0, i8 0, !44}
!43 = !{i32 0}
!44 = !{i32 3, i32 1}
!45 = !{!46}
!46 = !{i32 0, !"SV_Target", i8 9, i8 16, !43, i8 0, i32 1, i8 1, i32 0, i8 0, !44}
!47 = !{i32 0, i64 16}

