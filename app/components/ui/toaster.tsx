import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts, type ToastVariant } from './use-toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  destructive: 'border-red-600 bg-red-600 text-white',
};

/** The notification region: 5 s (success 3 s), swipe right 50 px to dismiss, F8 to focus. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notifications">
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
        <Toast.Root
          key={id}
          open={open}
          // Good news needs less time than an error: 3 s, unless the toast asks otherwise.
          duration={duration ?? (variant === 'success' ? 3000 : undefined)}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'toast pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            variantClass[variant],
          )}
          data-variant={variant}
        >
          <div className="grid gap-1">
            {title ? <Toast.Title className="text-sm font-semibold">{title}</Toast.Title> : null}
            {description ? <Toast.Description className="text-sm opacity-90">{description}</Toast.Description> : null}
          </div>
          {action}
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 text-current opacity-70 hover:opacity-100 focus:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Under the sticky header, top right: never over a step's Back/Next bar or the fields below. */}
      <Toast.Viewport className="fixed top-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
