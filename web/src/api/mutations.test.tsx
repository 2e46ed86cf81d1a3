import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useAccountMutation } from "./mutations";

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe("useAccountMutation", () => {
  it("refetches every query after a successful mutation, and resolves only after the refetch", async () => {
    const { wrapper } = setup();
    const reads = { a: vi.fn(async () => "a"), b: vi.fn(async () => "b") };
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ["a"], queryFn: reads.a });
        useQuery({ queryKey: ["b", 1], queryFn: reads.b });
        return useAccountMutation(async (n: number) => n * 2);
      },
      { wrapper },
    );
    await waitFor(() => expect(reads.b).toHaveBeenCalledTimes(1));
    let value = 0;
    await act(async () => {
      value = await result.current.mutateAsync(21);
    });
    expect(value).toBe(42);
    expect(reads.a).toHaveBeenCalledTimes(2);
    expect(reads.b).toHaveBeenCalledTimes(2);
  });

  it("refetches nothing when the mutation fails, and rejects", async () => {
    const { wrapper } = setup();
    const read = vi.fn(async () => "a");
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ["a"], queryFn: read });
        return useAccountMutation(async () => {
          throw new Error("nope");
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toThrow("nope");
    });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
