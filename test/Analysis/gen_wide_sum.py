"""Writes a function that adds the dims of N tensors twice, left to right and
right to left, and returns the difference of the two sums (wide-sums.test).
With --checks, it also checks that the first sum is at least N (each dim is
at least 1: always true) and at least N + 1 (false when every dim is 1).
"""
import sys

n = int(sys.argv[1])
checks = "--checks" in sys.argv[2:]
args = ", ".join(
    f'%t{i}: tensor<?xf32> {{symshape.dim_names = ["n{i}"], '
    f"symshape.dim_ranges = [#symshape.range<[1, 1000]>]}}" for i in range(n))
print(f"func.func @wide_{n}({args}) -> index {{")
print("  %c0 = arith.constant 0 : index")
for i in range(n):
    print(f"  %d{i} = tensor.dim %t{i}, %c0 : tensor<?xf32>")
for name, order in (("f", range(n)), ("r", reversed(range(n)))):
    order = list(order)
    prev = f"%d{order[0]}"
    for k, i in enumerate(order[1:], 1):
        print(f"  %{name}{k} = arith.addi {prev}, %d{i} : index")
        prev = f"%{name}{k}"
    print(f"  %{name} = arith.addi {prev}, %c0 : index")
if checks:
    for bound in (n, n + 1):
        print(f"  %c{bound} = arith.constant {bound} : index")
        print(f"  %ok{bound} = arith.cmpi sge, %f, %c{bound} : index")
        print(f'  cf.assert %ok{bound}, "at least {bound}"')
print("  %diff = arith.subi %f, %r : index")
print("  return %diff : index")
print("}")
