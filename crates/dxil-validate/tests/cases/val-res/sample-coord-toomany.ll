; val-res case: sample-coord-toomany
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%"class.Texture2DMS<vector<float, 4>, 0>" = type { <4 x float>, %"class.Texture2DMS<vector<float, 4>, 0>::sample_type" }
%"class.Texture2DMS<vector<float, 4>, 0>::sample_type" = type { i32 }
%"class.Buffer<vector<float, 4> >" = type { <4 x float> }
%"class.TextureCube<vector<float, 4> >" = type { <4 x float> }
%"class.RWTexture2D<vector<float, 4> >" = type { <4 x float> }
%CB = type { <4 x float> }
%struct.SamplerState = type { i32 }
%struct.SamplerComparisonState = type { i32 }

define void @main() {
  %rwtex_UAV_2d = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %cube_texture_cube = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 3, i32 3, i1 false)
  %tbuf_texture_buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 2, i32 2, i1 false)
  %texms_texture_2dMS = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)
  %tex_texture_2d = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %cmps_sampler = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 1, i32 1, i1 false)
  %samp_sampler = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %CB_cbuffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %1 = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %2 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %3 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %4 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float %3, float %2, i32 1, i32 -1, i32 undef, float undef)
  %5 = extractvalue %dx.types.ResRet.f32 %4, 0
  %6 = call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
  %7 = extractvalue %dx.types.ResRet.f32 %6, 0
  %8 = fadd fast float %7, %5
  %9 = call %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %cmps_sampler, float %2, float %3, float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
  %10 = extractvalue %dx.types.ResRet.f32 %9, 0
  %11 = fadd fast float %8, %10
  %12 = call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float undef, float undef, i32 1, i32 1, i32 0)
  %13 = extractvalue %dx.types.ResRet.f32 %12, 0
  %14 = fadd fast float %11, %13
  %15 = call %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32 74, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %cmps_sampler, float %2, float %3, float undef, float undef, i32 0, i32 0, i32 0, float 5.000000e-01)
  %16 = extractvalue %dx.types.ResRet.f32 %15, 0
  %17 = fadd fast float %14, %16
  %18 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %cube_texture_cube, %dx.types.Handle %samp_sampler, float %2, float %3, float 1.000000e+00, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %19 = extractvalue %dx.types.ResRet.f32 %18, 0
  %20 = fadd fast float %17, %19
  %21 = call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float undef, i1 true)
  %22 = fadd fast float %20, %21
  %TextureLoad = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %tex_texture_2d, i32 0, i32 %1, i32 %1, i32 undef, i32 1, i32 2, i32 undef)
  %23 = extractvalue %dx.types.ResRet.f32 %TextureLoad, 0
  %24 = fadd fast float %22, %23
  %TextureLoad1 = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %texms_texture_2dMS, i32 1, i32 %1, i32 %1, i32 undef, i32 undef, i32 undef, i32 undef)
  %25 = extractvalue %dx.types.ResRet.f32 %TextureLoad1, 0
  %26 = fadd fast float %24, %25
  %BufferLoad = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %tbuf_texture_buf, i32 %1, i32 undef)
  %27 = extractvalue %dx.types.ResRet.f32 %BufferLoad, 0
  %28 = fadd fast float %26, %27
  %TextureLoad2 = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwtex_UAV_2d, i32 undef, i32 %1, i32 %1, i32 undef, i32 undef, i32 undef, i32 undef)
  %29 = extractvalue %dx.types.ResRet.f32 %TextureLoad2, 0
  %30 = fadd fast float %28, %29
  %31 = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %tex_texture_2d, i32 0)
  %32 = extractvalue %dx.types.Dimensions %31, 0
  %33 = extractvalue %dx.types.Dimensions %31, 1
  %34 = extractvalue %dx.types.Dimensions %31, 3
  %35 = add i32 %32, %33
  %36 = add i32 %35, %34
  %37 = uitofp i32 %36 to float
  %38 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex_texture_2d, %dx.types.Handle %samp_sampler, float %2, float %3, float undef, float undef, i32 0, i32 0, i32 undef, float 1.000000e+00)
  %39 = extractvalue %dx.types.ResRet.f32 %38, 0
  %40 = extractvalue %dx.types.ResRet.f32 %38, 4
  %41 = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %40)
  %42 = uitofp i1 %41 to float
  %43 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB_cbuffer, i32 0)
  %44 = extractvalue %dx.types.CBufRet.f32 %43, 0
  %45 = fadd fast float %30, %39
  %46 = fadd fast float %45, %42
  %47 = fadd fast float %46, %37
  %48 = fadd fast float %47, %44
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %48)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0

declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0

declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

declare %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32) #2

declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #2

declare %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #2

declare %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #2

declare %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #2

declare float @dx.op.calculateLOD.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, i1) #2

declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #2

declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #2

declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #2

declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32) #2

declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #2

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!18, !21}
!dx.viewIdState = !{!25}
!dx.entryPoints = !{!26}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"ps", i32 6, i32 0}
!4 = !{!5, !11, !13, !15}
!5 = !{!6, !8, !9, !10}
!6 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"tex", i32 0, i32 0, i32 1, i32 2, i32 0, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 1, %"class.Texture2DMS<vector<float, 4>, 0>"* undef, !"texms", i32 0, i32 1, i32 1, i32 3, i32 0, !7}
!9 = !{i32 2, %"class.Buffer<vector<float, 4> >"* undef, !"tbuf", i32 0, i32 2, i32 1, i32 10, i32 0, !7}
!10 = !{i32 3, %"class.TextureCube<vector<float, 4> >"* undef, !"cube", i32 0, i32 3, i32 1, i32 5, i32 0, !7}
!11 = !{!12}
!12 = !{i32 0, %"class.RWTexture2D<vector<float, 4> >"* undef, !"rwtex", i32 0, i32 0, i32 1, i32 2, i1 false, i1 false, i1 false, !7}
!13 = !{!14}
!14 = !{i32 0, %CB* undef, !"CB", i32 0, i32 0, i32 1, i32 16, null}
!15 = !{!16, !17}
!16 = !{i32 0, %struct.SamplerState* undef, !"samp", i32 0, i32 0, i32 1, i32 0, null}
!17 = !{i32 1, %struct.SamplerComparisonState* undef, !"cmps", i32 0, i32 1, i32 1, i32 1, null}
!18 = !{i32 0, %CB undef, !19}
!19 = !{i32 16, !20}
!20 = !{i32 6, !"a", i32 3, i32 0, i32 7, i32 9}
!21 = !{i32 1, void ()* @main, !22}
!22 = !{!23}
!23 = !{i32 0, !24, !24}
!24 = !{}
!25 = !{[7 x i32] [i32 5, i32 1, i32 1, i32 1, i32 0, i32 0, i32 1]}
!26 = !{void ()* @main, !"main", !27, !4, !36}
!27 = !{!28, !34, null}
!28 = !{!29, !32}
!29 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !30, i8 2, i32 1, i8 2, i32 0, i8 0, !31}
!30 = !{i32 0}
!31 = !{i32 3, i32 3}
!32 = !{i32 1, !"IDX", i8 5, i8 0, !30, i8 1, i32 1, i8 1, i32 1, i8 0, !33}
!33 = !{i32 3, i32 1}
!34 = !{!35}
!35 = !{i32 0, !"SV_Target", i8 9, i8 16, !30, i8 0, i32 1, i8 1, i32 0, i8 0, !33}
!36 = !{i32 0, i64 12288}

