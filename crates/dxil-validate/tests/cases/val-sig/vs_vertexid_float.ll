target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.000000e+00)
  ret void
}


declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

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
!3 = !{!"vs", i32 6, i32 0}
!4 = !{void ()* @main, !"main", !14, null, null}
!5 = !{}
!6 = !{i32 0}
!7 = !{i32 3, i32 1}
!8 = !{i32 0, !"SV_VertexID", i8 9, i8 1, !6, i8 0, i32 1, i8 1, i32 0, i8 0, !7}
!9 = !{!8}
!10 = !{i32 0}
!11 = !{i32 3, i32 15}
!12 = !{i32 0, !"SV_Position", i8 9, i8 3, !10, i8 4, i32 1, i8 4, i32 0, i8 0, !11}
!13 = !{!12}
!14 = !{!9, !13, null}
