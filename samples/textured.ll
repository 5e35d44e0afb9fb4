; A pixel shader with resources and a constant buffer, written by hand in the text form
; `dxil dis` prints.
;
;   Texture2D<float4> Albedo : register(t0);
;   SamplerState Linear : register(s0);
;   cbuffer Material : register(b0) { float4 Tint; };
;   float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {
;     return Albedo.Sample(Linear, uv) * Tint;
;   }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%Material = type { <4 x float> }
%struct.SamplerState = type { i32 }

define void @main() {
  ; handles: resource class 0 = SRV, 3 = sampler, 2 = CBV
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %3 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %4 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %5 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  ; Sample(srv, sampler, coord0..3, offset0..2, clamp)
  %6 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %1, %dx.types.Handle %2, float %4, float %5, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  %7 = extractvalue %dx.types.ResRet.f32 %6, 0
  %8 = extractvalue %dx.types.ResRet.f32 %6, 1
  %9 = extractvalue %dx.types.ResRet.f32 %6, 2
  %10 = extractvalue %dx.types.ResRet.f32 %6, 3
  ; CBufferLoadLegacy(handle, row 0): Tint
  %11 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %3, i32 0)
  %12 = extractvalue %dx.types.CBufRet.f32 %11, 0
  %13 = extractvalue %dx.types.CBufRet.f32 %11, 1
  %14 = extractvalue %dx.types.CBufRet.f32 %11, 2
  %15 = extractvalue %dx.types.CBufRet.f32 %11, 3
  %16 = fmul fast float %12, %7
  %17 = fmul fast float %13, %8
  %18 = fmul fast float %14, %9
  %19 = fmul fast float %15, %10
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %16)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %17)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %18)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %19)
  ret void
}

; Function Attrs: nounwind readnone
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0

; Function Attrs: nounwind
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #2

; Function Attrs: nounwind readonly
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.resources = !{!3}
!dx.entryPoints = !{!11}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 10}
!2 = !{!"ps", i32 6, i32 0}
; resources: SRVs, UAVs, CBVs, samplers
!3 = !{!4, null, !7, !9}
!4 = !{!5}
; SRV t0: shape 2 = Texture2D, element type 9 = F32
!5 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"Albedo", i32 0, i32 0, i32 1, i32 2, i32 0, !6}
!6 = !{i32 0, i32 9}
!7 = !{!8}
; CBV b0: 16 bytes
!8 = !{i32 0, %Material* undef, !"Material", i32 0, i32 0, i32 1, i32 16, null}
!9 = !{!10}
; sampler s0: default kind
!10 = !{i32 0, %struct.SamplerState* undef, !"Linear", i32 0, i32 0, i32 1, i32 0, null}
!11 = !{void ()* @main, !"main", !12, !3, null}
!12 = !{!13, !18, null}
!13 = !{!14, !17}
!14 = !{i32 0, !"SV_Position", i8 9, i8 3, !15, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!15 = !{i32 0}
!16 = !{i32 3, i32 3}
!17 = !{i32 1, !"TEXCOORD", i8 9, i8 0, !15, i8 2, i32 1, i8 2, i32 1, i8 0, !16}
!18 = !{!19}
!19 = !{i32 0, !"SV_Target", i8 9, i8 16, !15, i8 0, i32 1, i8 4, i32 0, i8 0, !20}
!20 = !{i32 3, i32 15}
