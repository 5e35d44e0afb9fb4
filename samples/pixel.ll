; A pixel shader (paired with vertex.ll), written by hand in the text form `dxil dis` prints.
;
;   float4 main(float4 pos : SV_Position, float4 color : COLOR) : SV_Target {
;     return color * 0.5 + 0.25;
;   }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %2 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %3 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %4 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  ; color * 0.5 + 0.25 as fused multiply-adds (FMad, opcode 46)
  %5 = call float @dx.op.tertiary.f32(i32 46, float %1, float 5.000000e-01, float 2.500000e-01)
  %6 = call float @dx.op.tertiary.f32(i32 46, float %2, float 5.000000e-01, float 2.500000e-01)
  %7 = call float @dx.op.tertiary.f32(i32 46, float %3, float 5.000000e-01, float 2.500000e-01)
  %8 = call float @dx.op.tertiary.f32(i32 46, float %4, float 5.000000e-01, float 2.500000e-01)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %5)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %6)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %7)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %8)
  ret void
}

; Function Attrs: nounwind readnone
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0

; Function Attrs: nounwind readnone
declare float @dx.op.tertiary.f32(i32, float, float, float) #0

; Function Attrs: nounwind
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 10}
!2 = !{!"ps", i32 6, i32 0}
!3 = !{void ()* @main, !"main", !4, null, null}
!4 = !{!5, !10, null}
!5 = !{!6, !9}
; SV_Position is interpolated linear noperspective (4); COLOR linear (2)
!6 = !{i32 0, !"SV_Position", i8 9, i8 3, !7, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!7 = !{i32 0}
!8 = !{i32 3, i32 15}
!9 = !{i32 1, !"COLOR", i8 9, i8 0, !7, i8 2, i32 1, i8 4, i32 1, i8 0, !8}
!10 = !{!11}
; SV_Target (semantic kind 16)
!11 = !{i32 0, !"SV_Target", i8 9, i8 16, !7, i8 0, i32 1, i8 4, i32 0, i8 0, !8}
