target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { <4 x float> }

define void @"\01?main@@YAXUPayload@@@Z"(%struct.Payload* noalias nocapture %MyPayload) #0 {
  ret void
}

attributes #0 = { nounwind readnone }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.typeAnnotations = !{!4, !7}
!dx.entryPoints = !{!12, !13}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 3}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 3}
!4 = !{i32 0, %struct.Payload undef, !5}
!5 = !{i32 16, !6}
!6 = !{i32 6, !"color", i32 3, i32 0, i32 7, i32 9}
!7 = !{i32 1, void (%struct.Payload*)* @"\01?main@@YAXUPayload@@@Z", !8}
!8 = !{!9, !11}
!9 = !{i32 1, !10, !10}
!10 = !{}
!11 = !{i32 2, !10, !10}
!12 = !{null, !"", null, null, null}
!13 = !{void (%struct.Payload*)* @"\01?main@@YAXUPayload@@@Z", !"\01?main@@YAXUPayload@@@Z", null, null, !14}
!14 = !{i32 8, i32 11, i32 6, i32 8, i32 5, !15}
!15 = !{i32 0}

