import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../app/components/ui/toaster';
import { dismissToast, toast } from '../../app/components/ui/use-toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Upload Successful', description: 'Your image has been uploaded successfully.' });
      toast({ title: 'Payment Successful', description: 'Your image is ready to download.' });
    });
    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
    expect(screen.queryByText('Upload Successful')).not.toBeInTheDocument();
  });

  it('closes by itself after 5 seconds', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message sent' });
    });
    expect(screen.getByText('Message sent')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Message sent')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });

  it('labels the region so F8 can focus it', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /notifications \(F8\)/i })).toBeInTheDocument();
  });
});
