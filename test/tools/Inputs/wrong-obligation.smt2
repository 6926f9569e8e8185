; A certificate with a proven obligation, one whose claim does not follow
; from its facts (s0 >= 0 does not give max(s0, 4) == s0), and one that was
; not expressible: the checker proves one and fails two.
; obligation: proven: max(s0, 4) == s0 under s0 >= 8 at loc("in.mlir":1:1)
(declare-const s0 Int)
(assert (>= s0 8))
(assert (not (= (ite (>= s0 4) s0 4) s0)))
(check-sat)
(reset)
; obligation: wrong: max(s0, 4) == s0 under s0 >= 0 at loc("in.mlir":2:1)
(declare-const s0 Int)
(assert (>= s0 0))
(assert (not (= (ite (>= s0 4) s0 4) s0)))
(check-sat)
(reset)
; obligation: unexpressible at loc("in.mlir":3:1)
; (not expressible)
