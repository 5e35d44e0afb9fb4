; A vertex shader (paired with pixel.ll), written by hand in the text form `dxil dis` prints.
;
;   struct VSOut { float4 pos : SV_Position; float4 color : COLOR; };
;   VSOut main(float3 pos : POSITION, float4 color : COLOR) {
;     VSOut o; o.pos = float4(pos, 1); o.color = color; return o;
;   }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ; LoadInput(inputSigId, row, column, gsVertexAxis)
  %1 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %2 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %3 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  %4 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %5 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %6 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %7 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  ; StoreOutput(outputSigId, row, column, value): SV_Position = (pos, 1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %3)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.000000e+00)
  ; COLOR passes through
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %4)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %5)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 2, float %6)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float %7)
  ret void
}

; Function Attrs: nounwind readnone
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0

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
!2 = !{!"vs", i32 6, i32 0}
!3 = !{void ()* @main, !"main", !4, null, null}
; signatures: inputs, outputs, patch constants
!4 = !{!5, !10, null}
!5 = !{!6, !9}
; element: id, name, component type (9 = F32), semantic kind, semantic indices,
; interpolation, rows, columns, start row, start column, properties (3 = usage mask)
!6 = !{i32 0, !"POSITION", i8 9, i8 0, !7, i8 0, i32 1, i8 3, i32 0, i8 0, !8}
!7 = !{i32 0}
!8 = !{i32 3, i32 7}
!9 = !{i32 1, !"COLOR", i8 9, i8 0, !7, i8 0, i32 1, i8 4, i32 1, i8 0, !12}
!10 = !{!11, !13}
!11 = !{i32 0, !"SV_Position", i8 9, i8 3, !7, i8 4, i32 1, i8 4, i32 0, i8 0, !12}
!12 = !{i32 3, i32 15}
!13 = !{i32 1, !"COLOR", i8 9, i8 0, !7, i8 2, i32 1, i8 4, i32 1, i8 0, !12}
