import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/use-toast';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useBoardLinks, useScheduleContext } from '../dispatch';
import { useJobFormProblem } from './use-job-form-problem';

/**
 * What the new-job and edit-job panels both stand on: the workspace, the board's settings, members
 * and links, the technicians a job may go to, and the form's refused-write message.
 */
export function useJobPanel() {
  const { workspaceId, role } = useWorkspace();
  const { settings, members } = useScheduleContext();
  const links = useBoardLinks();
  const navigate = useNavigate();
  const toast = useToast();
  const problem = useJobFormProblem();
  const technicians = useMemo(() => members.filter((m) => m.role === 'technician' && m.active), [members]);
  return { workspaceId, role, settings, members, links, navigate, toast, problem, technicians };
}
