target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}




attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!0 = !{!"sig-case"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"ps", i32 6, i32 0}
!4 = !{void ()* @main, !"main", !23, null, !24}
!5 = !{}
!6 = !{i32 0}
!7 = !{i32 3, i32 1}
!8 = !{i32 0, !"SV_SampleIndex", i8 9, i8 12, !6, i8 1, i32 1, i8 1, i32 -1, i8 -1, !7}
!9 = !{i32 0}
!10 = !{i32 3, i32 1}
!11 = !{i32 1, !"SV_IsFrontFace", i8 3, i8 13, !9, i8 1, i32 1, i8 1, i32 0, i8 3, !10}
!12 = !{!8, !11}
!13 = !{i32 0}
!14 = !{i32 3, i32 1}
!15 = !{i32 0, !"SV_Coverage", i8 4, i8 14, !13, i8 0, i32 1, i8 1, i32 -1, i8 -1, !14}
!16 = !{i32 0}
!17 = !{i32 3, i32 3}
!18 = !{i32 1, !"SV_Depth", i8 9, i8 17, !16, i8 0, i32 1, i8 2, i32 -1, i8 -1, !17}
!19 = !{i32 0}
!20 = !{i32 3, i32 1}
!21 = !{i32 2, !"SV_StencilRef", i8 9, i8 20, !19, i8 0, i32 1, i8 1, i32 -1, i8 -1, !20}
!22 = !{!15, !18, !21}
!23 = !{!12, !22, null}
!24 = !{i32 0, i64 2048}
