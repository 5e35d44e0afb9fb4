target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 1.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.000000e+00)
  %t7 = call float @dx.op.domainLocation.f32(i32 105, i8 0)
  %t8 = call float @dx.op.domainLocation.f32(i32 105, i8 1)
  %t9 = call float @dx.op.domainLocation.f32(i32 105, i8 2)
  %t10 = call float @dx.op.domainLocation.f32(i32 105, i8 3)
  ret void
}


declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare float @dx.op.domainLocation.f32(i32, i8) #0

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
!3 = !{!"ds", i32 6, i32 0}
!4 = !{void ()* @main, !"main", !21, null, !23}
!5 = !{}
!6 = !{i32 0}
!7 = !{i32 3, i32 1}
!8 = !{i32 0, !"A", i8 9, i8 0, !6, i8 0, i32 1, i8 1, i32 0, i8 0, !7}
!9 = !{!8}
!10 = !{i32 0}
!11 = !{i32 3, i32 15}
!12 = !{i32 0, !"SV_Position", i8 9, i8 3, !10, i8 4, i32 1, i8 4, i32 0, i8 0, !11}
!13 = !{!12}
!14 = !{i32 0, i32 1, i32 2, i32 3}
!15 = !{i32 3, i32 1}
!16 = !{i32 0, !"SV_TessFactor", i8 9, i8 25, !14, i8 0, i32 4, i8 1, i32 0, i8 3, !15}
!17 = !{i32 0, i32 1}
!18 = !{i32 3, i32 1}
!19 = !{i32 1, !"SV_InsideTessFactor", i8 9, i8 26, !17, i8 0, i32 2, i8 1, i32 4, i8 3, !18}
!20 = !{!16, !19}
!21 = !{!9, !13, !20}
!22 = !{i32 3, i32 3}
!23 = !{i32 2, !22}
