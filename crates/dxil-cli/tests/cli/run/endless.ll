; A compute shader whose one thread counts to 2^32 before it ends (limits.txt and trace.txt
; run it; no RUN lines here):
;   [numthreads(1, 1, 1)] void main() { uint i = 0; do { i++; } while (i != 0); }

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  br label %loop

loop:                                             ; preds = %loop, %0
  %i = phi i32 [ 0, %0 ], [ %next, %loop ]
  %next = add i32 %i, 1
  %more = icmp ne i32 %next, 0
  br i1 %more, label %loop, label %done

done:                                             ; preds = %loop
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 10}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{void ()* @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 1, i32 1, i32 1}
