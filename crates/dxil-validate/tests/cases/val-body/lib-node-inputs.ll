target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { i32 }
%struct.Attribs = type { float, float }


define void @node1() #0 {
  ret void
}

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { noreturn nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4, !10}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225da-dirty)"}
!1 = !{i32 1, i32 8}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 8}
!4 = !{null, !"", null, null, !5}
!5 = !{i32 0, i64 0}
!10 = !{void ()* @node1, !"node1", null, null, !11}
!11 = !{i32 8, i32 15, i32 13, i32 3, i32 15, !12, i32 16, i32 -1, i32 20, !13, i32 4, !18}
!12 = !{!"node1", i32 0}
!13 = !{!14, !14}
!14 = !{i32 1, i32 97, i32 2, !15}
!15 = !{i32 0, i32 4, i32 2, i32 4}
!18 = !{i32 1, i32 1, i32 1}
