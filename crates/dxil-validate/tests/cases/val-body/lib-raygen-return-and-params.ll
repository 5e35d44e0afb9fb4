target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { i32 }
%struct.Attribs = type { float, float }


define i32 @rg(i32 %x) #0 {
  ret i32 %x
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
!10 = !{i32 (i32)* @rg, !"rg", null, null, !11}
!11 = !{i32 8, i32 7}
